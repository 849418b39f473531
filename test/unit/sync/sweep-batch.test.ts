import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enqueueInOutbox } from '../../../relay/outbox/enqueue-once.js';
import { SqliteOutbox } from '../../../relay/outbox/sqlite-outbox.js';
import { createAccept } from '../../../relay/pipeline/accept.js';
import { createPark } from '../../../relay/pipeline/park.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import type { ChangedPayload, PlatformApi, PlatformKind } from '../../../relay/platforms/connector.js';
import { WOOCOMMERCE } from '../../../relay/platforms/woocommerce/woocommerce-platform.js';
import { parseExactJson } from '../../../relay/shared/exact-json.js';
import { RecordVersions } from '../../../relay/platform-state/record-versions.js';
import { sweepBatch, type SweepBatchDeps } from '../../../relay/sync/sweep-batch.js';
import { freshFixture } from '../../helpers/platform-fixtures.js';
import { memoryParkState } from '../../helpers/memory-park-state.js';

/** WooCommerce's API as the sync reads it: the webhooks' own mapping, nothing paged here. */
const api: PlatformApi = {
  changed: async function* () {},
  map: (kind, payload) => WOOCOMMERCE.map(kind, payload, { currency: 'EUR' }),
};

/**
 * The pipeline a sweep hands its pages to, over a real SQLite outbox in a folder of the test's own:
 * `accept` (with the bodies delivered before, by key, when given), `park` remembering in memory,
 * and what `withdrawn` and `older` were told.
 */
function pipeline(
  t: TestContext,
  options: { deliveredSame?: string[]; older?: string[]; versions?: RecordVersions } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-sweep-batch-'));
  const outbox = new SqliteOutbox({ dataDir });
  t.after(() => {
    outbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const events = new RecordEvents();
  const withdrawn: { productId: string; reason: string }[][] = [];
  const olderAsked: { kind: PlatformKind; versions: { key: string; modifiedAt: number }[] }[] = [];
  const deps: SweepBatchDeps = {
    accept: createAccept({
      enqueueOnce: enqueueInOutbox(outbox),
      events,
      onEnqueued: () => undefined,
      ...(options.deliveredSame
        ? { unchanged: (records) => records.map((r) => options.deliveredSame?.includes(r.key) === true) }
        : {}),
    }),
    park: createPark({
      outbox,
      events,
      logger: { warn: () => undefined },
      state: memoryParkState(),
    }),
    origin: { source: 'sync', platform: 'woocommerce' },
    withdrawn: async (found) => void withdrawn.push(found),
    ...(options.versions ? { older: (kind, versions) => options.versions!.older(kind, versions) } : {}),
    ...(options.older
      ? {
          older: async (kind, versions) => {
            olderAsked.push({ kind, versions });
            return new Set(versions.flatMap((v, position) => (options.older?.includes(v.key) ? [position] : [])));
          },
        }
      : {}),
  };
  return { deps, outbox, withdrawn, olderAsked };
}

/** A WooCommerce fixture's payload (dates in the last month), changed by `edit`, as changed at `changedAt`. */
function changed(fixture: string, changedAt: number, edit: (p: Record<string, unknown>) => void = () => undefined) {
  const payload = parseExactJson(freshFixture(`woocommerce/${fixture}`)) as Record<string, unknown>;
  edit(payload);
  return { payload, changedAt } satisfies ChangedPayload;
}

const T = Date.now() - 3_600_000;
const none = { found: 0, sent: 0, unchanged: 0, missedByWebhooks: 0, skipped: 0, invalid: 0 };

describe('sweepBatch(deps, api, kind, batch, missedBefore)', () => {
  it('stores each valid order and counts it sent, and missed by the webhooks when it changed before `missedBefore`', async (t) => {
    const { deps, outbox, withdrawn } = pipeline(t);
    const batch = [changed('order-variation.json', T), changed('order-digital.json', T + 60_000)];
    const counts = await sweepBatch(deps, api, 'order', batch, T + 30_000);
    assert.deepEqual(counts, { ...none, found: 2, sent: 2, missedByWebhooks: 1 });
    assert.equal(outbox.counts().queued.order, 2);
    assert.deepEqual(withdrawn, [], 'no product was withdrawn');
  });

  it('counts nothing missed by the webhooks without `missedBefore`, nor a change that joined one still queued', async (t) => {
    const { deps, outbox } = pipeline(t);
    const batch = [changed('order-variation.json', T), changed('order-digital.json', T)];
    assert.deepEqual(await sweepBatch(deps, api, 'order', batch, undefined), { ...none, found: 2, sent: 2 });
    assert.deepEqual(await sweepBatch(deps, api, 'order', batch, T + 60_000), { ...none, found: 2, sent: 2 });
    assert.equal(outbox.counts().queued.order, 2, 'the second page joined the orders queued');
  });

  it('skips what maps to no record, and tells `withdrawn` of each product no longer for sale, by id with the reason', async (t) => {
    const { deps, outbox, withdrawn } = pipeline(t);
    const batch = [
      changed('product.json', T),
      changed('product-variation.json', T),
      changed('product.json', T, (p) => Object.assign(p, { id: 94, status: 'draft' })),
    ];
    assert.deepEqual(await sweepBatch(deps, api, 'product', batch, undefined), {
      ...none,
      found: 3,
      sent: 1,
      skipped: 2,
    });
    assert.deepEqual(withdrawn, [[{ productId: '94', reason: 'status draft: only published products are sent' }]]);
    assert.equal(outbox.counts().queued.product, 1);
  });

  it('counts as unchanged, without storing them, the versions `older` names, asking it by identity and change time', async (t) => {
    const { deps, outbox, olderAsked } = pipeline(t, { older: ['727'] });
    const batch = [changed('order-variation.json', T), changed('order-digital.json', T + 1)];
    assert.deepEqual(await sweepBatch(deps, api, 'order', batch, T + 60_000), {
      ...none,
      found: 2,
      sent: 1,
      unchanged: 1,
      missedByWebhooks: 1,
    });
    assert.deepEqual(olderAsked, [
      {
        kind: 'order',
        versions: [
          { key: '727', modifiedAt: T },
          { key: '731', modifiedAt: T + 1 },
        ],
      },
    ]);
    assert.equal(outbox.counts().queued.order, 1);
  });

  it('sends the newer version of an order a page holds twice, newer first, and counts the older unchanged', async (t) => {
    const scopes = new Map<string, Map<string, string>>();
    const scope = (name: string) => scopes.get(name) ?? scopes.set(name, new Map()).get(name)!;
    const versions = new RecordVersions({
      recall: (name, keys) => new Map([...scope(name)].filter(([key]) => keys?.includes(key) ?? true)),
      remember: (name, entries) => void entries.forEach((value, key) => scope(name).set(key, value)),
    });
    const { deps, outbox } = pipeline(t, { versions });
    const completed = changed('order-variation.json', T + 60_000, (p) => (p['status'] = 'completed'));
    const processing = changed('order-variation.json', T, (p) => (p['status'] = 'processing'));
    assert.deepEqual(await sweepBatch(deps, api, 'order', [completed, processing], undefined), {
      ...none,
      found: 2,
      sent: 1,
      unchanged: 1,
    });
    const [queued, ...more] = outbox.due(Date.now() + 3_600_000, 10, new Set());
    assert.deepEqual(more, [], 'one order queued');
    assert.equal(JSON.parse(queued!.body).status, 'completed', 'the newer version');
  });

  it('counts as unchanged an order delivered before with the same body', async (t) => {
    const { deps, outbox } = pipeline(t, { deliveredSame: ['731'] });
    const batch = [changed('order-variation.json', T), changed('order-digital.json', T)];
    assert.deepEqual(await sweepBatch(deps, api, 'order', batch, T + 60_000), {
      ...none,
      found: 2,
      sent: 1,
      unchanged: 1,
      missedByWebhooks: 1,
    });
    assert.equal(outbox.counts().queued.order, 1);
  });

  it('keeps an order that maps to no valid record as a dead letter, counted invalid, and the same body again as unchanged', async (t) => {
    const { deps, outbox } = pipeline(t);
    const batch = [changed('order-variation.json', T, (o) => (o['currency'] = 'euro'))];
    assert.deepEqual(await sweepBatch(deps, api, 'order', batch, undefined), { ...none, found: 1, invalid: 1 });
    assert.deepEqual(await sweepBatch(deps, api, 'order', batch, undefined), { ...none, found: 1, unchanged: 1 });
    const [dead, ...more] = outbox.deadLetters({ kind: 'order', limit: 10 });
    assert.equal(more.length, 0);
    assert.match(String(dead?.lastError), /currency: must be a three-letter currency code/);
    assert.equal(outbox.counts().queued.order, 0);
  });

  it("skips an order older than the service's two years, no dead letter, but parks one that is wrong besides", async (t) => {
    const { deps, outbox } = pipeline(t);
    const old = (o: Record<string, unknown>) => Object.assign(o, { date_created_gmt: '2020-01-06T10:00:00' });
    const batch = [
      changed('order-variation.json', T, old),
      changed('order-digital.json', T, (o) => Object.assign(old(o), { currency: 'euro' })),
    ];
    assert.deepEqual(await sweepBatch(deps, api, 'order', batch, undefined), {
      ...none,
      found: 2,
      skipped: 1,
      invalid: 1,
    });
    assert.deepEqual([outbox.counts().dead.order, outbox.counts().queued.order], [1, 0]);
  });

  it('answers an empty page with nothing, storing nothing', async (t) => {
    const { deps, outbox, olderAsked } = pipeline(t, { older: [] });
    assert.deepEqual(await sweepBatch(deps, api, 'order', [], T), none);
    assert.deepEqual(olderAsked, []);
    assert.equal(outbox.counts().accepted, 0);
  });
});
