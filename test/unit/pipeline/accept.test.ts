import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccept, type ToRecord } from '../../../relay/pipeline/accept.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import type { EnqueueResult, OutboxRecord } from '../../../relay/outbox/outbox.js';
import type { RecordStep } from '../../../relay/pipeline/record-step.js';
import { fieldError } from '../../../relay/contract/field-error.js';

/** The accept pipeline over an in-memory outbox that answers each record by its key's prefix, and the steps it announced. */
function pipeline(unchangedKeys: string[] = []) {
  const stored: OutboxRecord[][] = [];
  const steps: RecordStep[] = [];
  const enqueued: number[] = [];
  const events = new RecordEvents();
  events.subscribe((step) => steps.push(step));
  const accept = createAccept({
    enqueueOnce: async (records) => {
      stored.push(records);
      return records.map((r): EnqueueResult => (r.key.startsWith('dup') ? 'duplicate' : 'queued'));
    },
    events,
    onEnqueued: (n) => enqueued.push(n),
    unchanged: (records) => records.map((r) => unchangedKeys.includes(r.key)),
    now: () => 1_000,
  });
  return { accept, stored, steps, enqueued };
}

const order = (key: string): OutboxRecord => ({
  kind: 'order',
  key,
  body: { order_id: Number(key.replace(/\D/g, '')) || 1 },
});
const checks: ToRecord = (raw, now) =>
  raw === 'bad'
    ? { ok: false, errors: [fieldError('order_id', 'missing', `is required (at ${now})`)] }
    : { ok: true, value: order(String(raw)) };

describe('createAccept, the one way every record is taken in (relay/pipeline/accept.ts)', () => {
  it('stores the valid records in one commit, answers each in the order given, and announces each decision', async () => {
    const { accept, stored, steps, enqueued } = pipeline();
    const verdicts = await accept('mirror', 'order', ['o1', 'bad', 'dup2'], checks);
    assert.deepEqual(
      verdicts.map((v) => v.status),
      ['queued', 'rejected', 'duplicate'],
    );
    assert.equal(stored.length, 1, 'one commit');
    assert.deepEqual(
      stored[0]?.map((r) => r.key),
      ['o1', 'dup2'],
    );
    assert.deepEqual(enqueued, [2]);
    assert.deepEqual(
      steps.map((s) => s.state),
      ['accepted', 'rejected', 'duplicate'],
    );
    const rejected = verdicts[1];
    assert.ok(rejected?.status === 'rejected');
    assert.match(rejected.errors[0]?.message ?? '', /at 1000/, "the way in's check gets the pipeline's clock");
  });

  it('stores no order the platform state says was delivered with the same body, answering it unchanged', async () => {
    const { accept, stored, steps, enqueued } = pipeline(['o7']);
    const verdicts = await accept('sync', 'order', ['o7'], checks);
    assert.deepEqual(
      verdicts.map((v) => v.status),
      ['unchanged'],
    );
    assert.deepEqual([stored.length, enqueued.length], [0, 0], 'nothing to commit');
    assert.deepEqual(
      steps.map((s) => s.state),
      ['unchanged'],
    );
  });

  it("waits for the service's time, while it is asked at start, before it stamps a record", async () => {
    let told: () => void = () => undefined;
    let asking: Promise<void> | undefined = new Promise<void>((resolve) => (told = resolve));
    let clock = 1_000;
    const accept = createAccept({
      enqueueOnce: async (records) => records.map((): EnqueueResult => 'queued'),
      events: new RecordEvents(),
      onEnqueued: () => undefined,
      now: () => clock,
      untilTimeKnown: () => asking,
    });
    const stampedAt: number[] = [];
    const stamping: ToRecord = (raw, now) => (stampedAt.push(now), { ok: true, value: order(String(raw)) });
    const verdicts = accept('mirror', 'order', ['o1'], stamping);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(stampedAt, [], 'nothing stamped before the service answered');
    clock = 86_400_000;
    asking = undefined;
    told();
    assert.equal((await verdicts)[0]?.status, 'queued');
    assert.deepEqual(stampedAt, [86_400_000], 'stamped by the time once known');
  });
});
