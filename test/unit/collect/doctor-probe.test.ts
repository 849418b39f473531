import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import Koa from 'koa';
import { request } from 'undici';
import { DOCTOR_HEADER, doctorAnswer, isDoctorProbe } from '../../../relay/collect/doctor-probe.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import type { RecordCheck } from '../../../relay/pipeline/accept.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import type { RecordStep } from '../../../relay/pipeline/record-step.js';

const RAW = [
  { event_id: 'doc-1', user_id: 'u-doctor', event_name: 'Added To Cart' },
  { event_id: 'doc-2', user_id: 'u-doctor', event_name: 42 },
];
const CHECKS: RecordCheck[] = [
  { ok: true, value: { kind: 'event', key: 'doc-1', body: { user_id: 'u-doctor' } } },
  { ok: false, errors: [{ path: 'event_name', message: 'must be text' }] },
];

/**
 * A route that answers a doctor's probe with `doctorAnswer` on a real Koa server (behind a proxy
 * when `proxy`), and otherwise says it is no probe; `steps` are what it announced.
 */
async function probeServer(t: TestContext, proxy = false) {
  const steps: RecordStep[] = [];
  const events = new RecordEvents();
  events.subscribe((step) => steps.push(step));
  const app = new Koa({ proxy });
  app.use((ctx) => {
    ctx.body = isDoctorProbe(ctx) ? doctorAnswer(ctx, RAW, CHECKS, events) : { doctor: false };
  });
  const { server, url } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(() => stopListening(server));
  const post = async (headers: Record<string, string>) => {
    const response = await request(`${url}/collect`, { method: 'POST', headers, body: '{}' });
    return (await response.body.json()) as Record<string, unknown>;
  };
  return { post, steps, host: new URL(url).host };
}

describe("the doctor's probe on a real Koa server", () => {
  it('is a probe only with its header set to 1', async (t) => {
    const { post, steps } = await probeServer(t);
    assert.equal(DOCTOR_HEADER, 'shopbeacon-doctor');
    for (const value of ['0', 'true', 'yes', '11'])
      assert.deepEqual(await post({ [DOCTOR_HEADER]: value }), { doctor: false }, value);
    assert.deepEqual(await post({}), { doctor: false });
    assert.equal((await post({ [DOCTOR_HEADER]: '1' }))['doctor'], true);
    assert.equal(steps.length, RAW.length, 'only the probe announced anything');
  });

  it('answers how many events passed their checks and which were refused, with the errors, by index', async (t) => {
    const { post } = await probeServer(t);
    const answer = await post({ [DOCTOR_HEADER]: '1' });
    assert.deepEqual(
      [answer['valid'], answer['rejected']],
      [1, [{ index: 1, errors: [{ path: 'event_name', message: 'must be text' }] }]],
    );
  });

  it('announces every event of the probe, valid or not, as dropped: a test event never stored', async (t) => {
    const { post, steps } = await probeServer(t);
    await post({ [DOCTOR_HEADER]: '1' });
    assert.deepEqual(steps, [
      {
        state: 'dropped',
        source: 'collect',
        kind: 'event',
        key: 'doc-1',
        userId: 'u-doctor',
        eventName: 'Added To Cart',
        detail: 'doctor: a test event, never stored',
      },
      {
        state: 'dropped',
        source: 'collect',
        kind: 'event',
        key: 'doc-2',
        userId: 'u-doctor',
        eventName: '42',
        detail: 'doctor: a test event, never stored',
      },
    ]);
  });

  it('says how the relay saw the origin: as asked directly, or as the trusted proxy forwarded it', async (t) => {
    const direct = await probeServer(t);
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' };
    assert.deepEqual((await direct.post({ [DOCTOR_HEADER]: '1', ...forwarded }))['seen'], {
      origin: `http://${direct.host}`,
      secure: false,
    });
    const behind = await probeServer(t, true);
    assert.deepEqual((await behind.post({ [DOCTOR_HEADER]: '1', ...forwarded }))['seen'], {
      origin: 'https://shop.example',
      secure: true,
    });
  });
});
