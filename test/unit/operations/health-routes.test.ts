import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Context } from 'koa';
import type { DeliveryWorker } from '../../../relay/delivery/delivery-worker.js';
import { readyz } from '../../../relay/operations/health-routes.js';
import type { OutboxStatus } from '../../../relay/outbox/outbox.js';

const ADMIN_KEY = 'admin-key-4d2b8e6f-a1c9e0b7d35f28a64c1e';

function outbox(writable: boolean, full?: string): OutboxStatus {
  return {
    writeProblem: async () => (writable ? undefined : 'the outbox cannot be written'),
    fullness: async () => full,
  } as unknown as OutboxStatus;
}
const worker = (paused = false) =>
  ({
    paused,
    pauseReason: paused ? 'the service refused the token (401)' : undefined,
    unreachable: undefined,
  }) as unknown as DeliveryWorker;

async function ask(route: ReturnType<typeof readyz>, authorization = ''): Promise<{ status: number; body: unknown }> {
  const ctx = {
    get: (name: string) => (name === 'authorization' ? authorization : ''),
    ip: '127.0.0.1',
    status: 0,
    body: undefined,
  } as unknown as Context;
  await route(ctx);
  return { status: ctx.status, body: ctx.body };
}

describe('GET /readyz', () => {
  it('answers 200 ready while the outbox takes records and delivery runs', async () => {
    assert.deepEqual(await ask(readyz({ outbox: outbox(true), worker: worker(), adminKey: ADMIN_KEY })), {
      status: 200,
      body: { status: 'ready' },
    });
  });

  it('answers 503 not_ready with a full outbox or paused delivery, saying why to the admin key alone', async () => {
    const route = readyz({ outbox: outbox(true, '1000000 records'), worker: worker(true), adminKey: ADMIN_KEY });
    assert.deepEqual(await ask(route), { status: 503, body: { status: 'not_ready' } });
    assert.deepEqual(await ask(route, `Bearer ${ADMIN_KEY}`), {
      status: 503,
      body: {
        status: 'not_ready',
        reasons: ['the outbox is full (1000000 records)', 'delivery is paused: the service refused the token (401)'],
      },
    });
    assert.deepEqual(await ask(route, 'Bearer wrong-key-of-some-length-000000000'), {
      status: 503,
      body: { status: 'not_ready' },
    });
  });
});
