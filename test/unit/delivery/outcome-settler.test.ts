import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import type { Outcome } from '../../../relay/delivery/classify-response.js';
import { OutcomeSettler } from '../../../relay/delivery/outcome-settler.js';
import type { DueRecord, OutboxQueue } from '../../../relay/outbox/outbox.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import type { RecordStep } from '../../../relay/pipeline/record-step.js';

const NOW = Date.UTC(2026, 10, 26, 12);
const HOUR = 3_600_000;

/** The outbox as the settler sees it: every call it made, in order. */
function fakeOutbox() {
  const calls: string[] = [];
  const outbox = {
    delivered: (r: DueRecord) => void calls.push(`delivered ${r.id}`),
    retryLater: (r: DueRecord, at: number, _error: string, counted: boolean) =>
      void calls.push(`retry ${r.id} at +${at - NOW} ${counted ? 'counted' : 'not counted'}`),
    deadLetter: (ids: number[], error: string) => void calls.push(`dead ${ids.join(',')}: ${error}`),
    requeueDead: (ids?: number[]) => (calls.push(`requeue ${ids?.join(',')}`), ids?.length ?? 0),
    notePause: (reason: string | undefined) => void calls.push(`pause ${reason ?? 'lifted'}`),
  } as unknown as OutboxQueue;
  return { outbox, calls };
}

function settler(
  options: {
    maxAgeMs?: number;
    refusalStreakLimit?: number;
    resend?: (kind: string, body: string) => Promise<Outcome>;
  } = {},
) {
  const { outbox, calls } = fakeOutbox();
  const events = new RecordEvents();
  const steps: RecordStep[] = [];
  events.subscribe((step) => steps.push(step));
  let now = NOW;
  const s = new OutcomeSettler({ outbox, events, logger: pino({ level: 'silent' }), now: () => now, ...options });
  return { s, calls, steps, at: (time: number) => (now = time) };
}

const record = (id: number, overrides: Partial<DueRecord> = {}): DueRecord => ({
  id,
  kind: 'event',
  key: `e-${id}`,
  body: '{}',
  attempts: 0,
  version: 1,
  createdAt: NOW - 60_000,
  ...overrides,
});
const call = (status: number) => ({ status, latencyMs: 12 });
const retry = (
  detail = '503 Service Unavailable',
  extra: Partial<Extract<Outcome, { type: 'retry' }>> = {},
): Outcome => ({
  type: 'retry',
  detail,
  ambiguous: false,
  ...extra,
});

describe('OutcomeSettler, what each answer of the service does (relay/delivery/outcome-settler.ts)', () => {
  it('removes a delivered record and announces it with its visitor', async () => {
    const { s, calls, steps } = settler();
    await s.settle(record(1, { visitor: null }), { type: 'delivered' }, call(200), NOW);
    assert.deepEqual(calls, ['delivered 1']);
    assert.equal(steps[0]?.state, 'delivered');
    assert.equal(steps[0]?.status, 200);
  });

  it('keeps a refused record as a dead letter with the answer', async () => {
    const { s, calls, steps } = settler();
    await s.settle(record(2), { type: 'refused', detail: '400 datetime: out of range' }, call(400), NOW);
    assert.deepEqual(calls, ['dead 2: 400 datetime: out of range']);
    assert.deepEqual([steps[0]?.state, steps[0]?.detail], ['dead', '400 datetime: out of range']);
  });

  it("retries a failed call after the answer's Retry-After, counting the attempt, and holds delivery until then", async () => {
    const { s, calls, steps } = settler();
    await s.settle(record(3), retry('429 Too Many Requests', { retryAfterMs: 30_000 }), call(429), NOW);
    assert.deepEqual(calls, ['retry 3 at +30000 counted']);
    assert.equal(s.holdUntil(), NOW + 30_000);
    assert.deepEqual([steps[0]?.state, steps[0]?.attempt, steps[0]?.nextAttemptAt], ['retrying', 1, NOW + 30_000]);
  });

  it('marks a retry whose call may have reached the service as ambiguous', async () => {
    const { s, steps } = settler();
    await s.settle(record(4), retry('ECONNRESET', { ambiguous: true }), call(0), NOW);
    assert.equal(steps[0]?.ambiguous, true);
  });

  it('makes a record still failing after the maximum age a dead letter', async () => {
    const { s, calls, steps } = settler({ maxAgeMs: HOUR });
    await s.settle(record(5, { createdAt: NOW - HOUR - 1 }), retry(), call(503), NOW);
    assert.deepEqual(calls, ['dead 5: expired after the maximum age: 503 Service Unavailable']);
    assert.equal(steps[0]?.state, 'dead');
  });

  it('opens the circuit after ten failures in a row: records then wait without spending an attempt, and one answer closes it', async () => {
    const { s, calls } = settler();
    for (let id = 1; id <= 10; id++) await s.settle(record(id), retry(), call(503), NOW);
    assert.equal(s.held, true);
    calls.length = 0;
    await s.settle(record(11), retry(), call(503), NOW);
    assert.deepEqual(calls, ['retry 11 at +0 not counted']);
    await s.settle(record(12), { type: 'delivered' }, call(200), NOW + 1_000);
    assert.equal(s.held, false);
  });

  it('pauses delivery on a token problem, keeping the record queued without an attempt, and resumes on the next delivery', async () => {
    const { s, calls } = settler();
    await s.settle(record(6), { type: 'auth', detail: '401 bad token' }, call(401), NOW);
    assert.equal(s.held, true);
    assert.deepEqual(calls, ['retry 6 at +1 not counted', 'pause the service refused the token (401 bad token)']);
    await s.settle(record(7), { type: 'delivered' }, call(200), NOW + 5_000);
    assert.equal(s.held, false);
    assert.equal(calls.at(-1), 'pause lifted');
  });

  it('pauses on a streak of refusals only once the service refuses an order it accepted before: the dead letters go back to the queue', async () => {
    const resent: string[] = [];
    const { s, calls, steps } = settler({
      refusalStreakLimit: 3,
      resend: async (kind, body) => (
        resent.push(`${kind} ${body}`),
        { type: 'refused', detail: '400 order upload failed' }
      ),
    });
    await s.settle(
      record(9, { kind: 'order', key: '9', body: '{"order_id":9}' }),
      { type: 'delivered' },
      call(200),
      NOW,
    );
    for (let id = 1; id <= 3; id++)
      await s.settle(record(id), { type: 'refused', detail: '400 bad request' }, call(400), NOW);
    assert.deepEqual(
      resent,
      ['order {"order_id":9}'],
      'the order the service took, sent again: its id overwrites, nothing changes there',
    );
    assert.deepEqual(calls.slice(-2), [
      'requeue 1,2,3',
      'pause the service now refuses an order it accepted before (400 order upload failed): the token was refused or revoked',
    ]);
    assert.equal(steps.at(-1)?.state, 'retrying');
    assert.equal(s.held, true);
  });

  it('never pauses for records refused for their own reasons (a clock stepped a day ahead): the one it accepted before is accepted still, or none was', async () => {
    const still = settler({ refusalStreakLimit: 3, resend: async () => ({ type: 'delivered' }) });
    await still.s.settle(
      record(9, { kind: 'product', key: '9', body: '{"product_id":9}' }),
      { type: 'delivered' },
      call(200),
      NOW,
    );
    for (let id = 1; id <= 6; id++)
      await still.s.settle(record(id), { type: 'refused', detail: '400 datetime in the future' }, call(400), NOW);
    assert.equal(still.s.held, false);
    assert.deepEqual(
      [
        still.calls.filter((c) => c.startsWith('dead')).length,
        still.calls.filter((c) => c.startsWith('requeue') || c.startsWith('pause')).length,
      ],
      [6, 0],
    );
    assert.equal(still.steps.at(-1)?.state, 'dead');
    const untested = settler({ refusalStreakLimit: 3, resend: async () => ({ type: 'refused', detail: 'x' }) });
    for (let id = 1; id <= 3; id++)
      await untested.s.settle(record(id), { type: 'refused', detail: '400 datetime in the future' }, call(400), NOW);
    assert.equal(untested.s.held, false, 'no order or product accepted yet: nothing proves the token');
  });
});
