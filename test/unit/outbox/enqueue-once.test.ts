import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimThenEnqueue, enqueueInOutbox } from '../../../relay/outbox/enqueue-once.js';
import type { OutboxRecord } from '../../../relay/outbox/outbox.js';
import { SqliteOutbox, type SqliteOutboxOptions } from '../../../relay/outbox/sqlite-outbox.js';
import type { EventIdRegistry } from '../../../relay/redis/event-id-registry.js';
import { StorageError } from '../../../relay/shared/storage-error.js';
import { outboxEvent as event, outboxOrder as order } from '../../helpers/outbox-records.js';

/** A real SQLite outbox in a directory of the test's own, closed and removed after it. */
function sqliteOutbox(t: TestContext, options: Omit<SqliteOutboxOptions, 'dataDir'> = {}): SqliteOutbox {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-enqueue-once-'));
  const outbox = new SqliteOutbox({ dataDir, ...options });
  t.after(() => {
    outbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return outbox;
}

/**
 * The shared Redis's window as the relays see it (first claim wins, a released id is free again),
 * in memory: the unit tier starts no redis-server (test/integration/redis-dedupe-window.test.ts does).
 */
function sharedWindow(claimedElsewhere: string[] = []) {
  const held = new Set(claimedElsewhere);
  const asked: string[][] = [];
  const released: string[][] = [];
  const registry = {
    claim: async (ids: string[]) => (asked.push(ids), ids.map((id) => !held.has(id) && Boolean(held.add(id)))),
    release: async (ids: string[]) => {
      released.push(ids);
      for (const id of ids) held.delete(id);
    },
  } as unknown as EventIdRegistry;
  return { registry, held, asked, released };
}

const withDeliveryId = (record: OutboxRecord, dedupeId: string): OutboxRecord => ({ ...record, dedupeId });

describe('enqueueInOutbox(outbox)', () => {
  it("leaves de-duplication to the outbox's own commit", async (t) => {
    const outbox = sqliteOutbox(t);
    const enqueueOnce = enqueueInOutbox(outbox);
    assert.deepEqual(await enqueueOnce([event('a'), event('a'), order(7, 'processing')]), [
      'queued',
      'duplicate',
      'queued',
    ]);
    assert.deepEqual(await enqueueOnce([event('a'), order(7, 'completed')]), ['duplicate', 'coalesced']);
    assert.equal(outbox.counts().accepted, 2);
  });
});

describe('claimThenEnqueue(outbox, registry)', () => {
  it('stores only the records whose id this relay claimed first, answering duplicate in the place of the others', async (t) => {
    const outbox = sqliteOutbox(t, { claimsIds: false });
    const { registry, asked } = sharedWindow(['retried-to-another-relay', 'shopify:webhook-2']);
    const results = await claimThenEnqueue(
      outbox,
      registry,
    )([
      event('new'),
      event('retried-to-another-relay'),
      order(7, 'processing'),
      withDeliveryId(order(8, 'processing'), 'shopify:webhook-1'),
      withDeliveryId(order(9, 'completed'), 'shopify:webhook-2'),
      event('new-too'),
    ]);
    assert.deepEqual(results, ['queued', 'duplicate', 'queued', 'queued', 'duplicate', 'queued']);
    assert.deepEqual(asked, [['new', 'retried-to-another-relay', 'shopify:webhook-1', 'shopify:webhook-2', 'new-too']]);
    const counts = outbox.counts();
    assert.deepEqual([counts.queued.event, counts.queued.order], [2, 2]);
  });

  it("answers the outbox's own results in the places of the records it stored", async (t) => {
    const outbox = sqliteOutbox(t, { claimsIds: false });
    const { registry } = sharedWindow(['seen']);
    const enqueueOnce = claimThenEnqueue(outbox, registry);
    await enqueueOnce([order(7, 'processing')]);
    assert.deepEqual(await enqueueOnce([event('seen'), order(7, 'completed'), event('fresh')]), [
      'duplicate',
      'coalesced',
      'queued',
    ]);
  });

  it('takes a repeat within one call for a duplicate', async (t) => {
    const outbox = sqliteOutbox(t, { claimsIds: false });
    const { registry } = sharedWindow();
    assert.deepEqual(await claimThenEnqueue(outbox, registry)([event('twice'), event('twice')]), [
      'queued',
      'duplicate',
    ]);
    assert.equal(outbox.counts().queued.event, 1);
  });

  it('asks the shared Redis nothing when no record has an id to de-duplicate', async (t) => {
    const outbox = sqliteOutbox(t, { claimsIds: false });
    const { registry, asked } = sharedWindow();
    assert.deepEqual(await claimThenEnqueue(outbox, registry)([order(7, 'processing'), order(7, 'completed')]), [
      'queued',
      'coalesced',
    ]);
    assert.deepEqual(asked, []);
  });

  it('gives back the ids it claimed when the outbox refuses their records, so the retry counts, and keeps those another relay claimed', async (t) => {
    const outbox = sqliteOutbox(t, { claimsIds: false, maxRecords: 1 });
    const { registry, held, released } = sharedWindow(['claimed-elsewhere']);
    const enqueueOnce = claimThenEnqueue(outbox, registry);
    assert.deepEqual(await enqueueOnce([event('fills-it')]), ['queued']);
    await assert.rejects(
      enqueueOnce([event('refused'), event('claimed-elsewhere'), order(7, 'processing')]),
      (error) => error instanceof StorageError && error.code === 'outbox_full',
    );
    assert.deepEqual(released, [['refused']]);
    assert.deepEqual([...held].sort(), ['claimed-elsewhere', 'fills-it']);
  });
});
