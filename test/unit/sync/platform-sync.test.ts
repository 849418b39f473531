import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import type { Accept, Verdict } from '../../../relay/pipeline/accept.js';
import type { Refusal } from '../../../relay/pipeline/park.js';
import type { ChangedPayload, PlatformApi, PlatformKind } from '../../../relay/platforms/connector.js';
import { connectorNamed } from '../../../relay/platforms/connectors.js';
import type { PlatformState } from '../../../relay/platform-state/platform-state.js';
import { SyncEvents, type SyncReport } from '../../../relay/pipeline/sync-report.js';
import { PlatformSync, SWEEP_OVERLAP_MS } from '../../../relay/sync/platform-sync.js';

const NOW = Date.UTC(2026, 10, 26, 12);
const prestashop = connectorNamed('prestashop')!;

/** The platform state in memory: cursors, one lease, remembered facts. */
class MemoryState implements PlatformState {
  readonly cursors = new Map<string, number>();
  leaseOwner: string | undefined;
  private readonly facts = new Map<string, Map<string, string>>();
  cursor = (platform: string, kind: string) => this.cursors.get(`${platform}:${kind}`);
  moveCursor = (platform: string, kind: string, at: number) => void this.cursors.set(`${platform}:${kind}`, at);
  claimLease = (_platform: string, owner: string) => (this.leaseOwner ??= owner) === owner;
  releaseLease = (_platform: string, owner: string) =>
    void (this.leaseOwner === owner && (this.leaseOwner = undefined));
  unchanged = (records: readonly unknown[]) => records.map(() => false);
  rememberDelivered = () => undefined;
  /** Products the service was sent, by id. */
  readonly sent = new Set<string>();
  delivered = (_kind: string, keys: readonly string[]) => new Set(keys.filter((key) => this.sent.has(key)));
  recall = (scope: string, keys?: readonly string[]) =>
    new Map([...(this.facts.get(scope) ?? [])].filter(([key]) => !keys || keys.includes(key)));
  remember = (scope: string, entries: ReadonlyMap<string, string>) =>
    void this.facts.set(scope, new Map([...(this.facts.get(scope) ?? []), ...entries]));
  close = () => undefined;
}

/**
 * A shop of `orders` and `products` (payload `{id, at}`), answering `changed` from `since` on,
 * oldest first; records which `since` each sweep asked.
 */
function fakeShop(items: Record<PlatformKind, number[]>, failing: PlatformKind[] = []) {
  const asked: { kind: PlatformKind; since: number }[] = [];
  const api: PlatformApi = {
    async *changed(kind, since) {
      asked.push({ kind, since });
      if (failing.includes(kind)) throw new Error(`${kind}s could not be read`);
      for (const [id, at] of items[kind].entries())
        if (at >= since) yield { payload: { id: String(id), at }, changedAt: at } satisfies ChangedPayload;
    },
    map: (kind, payload) => ({ kind, body: { id: (payload as { id: string }).id }, errors: [] }),
    shopCurrency: async () => 'EUR',
  };
  return { api, asked };
}

/** `accept` as the outbox would answer it: every record queued. */
const queueAll: Accept = async (_origin, kind, raws) =>
  raws.map((raw): Verdict => ({
    status: 'queued',
    record: { kind, key: String((raw as { id: string }).id), body: raw as Record<string, unknown> },
  }));

function syncOf(api: PlatformApi, state: MemoryState, options: { owner?: string; batchSize?: number } = {}) {
  const events = new SyncEvents();
  const reports: SyncReport[] = [];
  events.subscribe((report) => reports.push(report));
  const parked: Refusal[] = [];
  const sync = new PlatformSync(prestashop, api, {
    accept: queueAll,
    park: async (_o, refusals) => {
      parked.push(...refusals);
      return refusals.length;
    },
    state,
    queued: () => 0,
    logger: pino({ level: 'silent' }),
    intervalMs: 60_000,
    webhooks: false,
    owner: options.owner ?? 'this-relay',
    batchSize: options.batchSize ?? 2,
    now: () => NOW,
    events,
  });
  return { sync, reports, parked };
}

describe("PlatformSync, one platform's sweeps against an in-memory shop and state", () => {
  it('sends everything of the last two years on the first sweep, page by page, and moves each cursor to the newest change', async () => {
    const state = new MemoryState();
    const { api, asked } = fakeShop({ order: [NOW - 3_000, NOW - 2_000, NOW - 1_000], product: [NOW - 500] });
    const { sync, reports } = syncOf(api, state);
    await sync.sweep();
    assert.deepEqual(
      asked.map((a) => a.kind),
      ['product', 'order'],
    );
    assert.ok(
      asked.every((a) => a.since < NOW - 365 * 86_400_000),
      'the first sweep reaches back past a year',
    );
    assert.equal(state.cursors.get('prestashop:order'), NOW - 1_000);
    assert.equal(state.cursors.get('prestashop:product'), NOW - 500);
    const pages = reports.filter((r) => r.type === 'page');
    assert.deepEqual(
      pages.map((p) => p.type === 'page' && [p.kind, p.counts.sent]),
      [
        ['product', 1],
        ['order', 2],
        ['order', 1],
      ],
    );
    assert.deepEqual(reports.at(-1), { type: 'swept', platform: 'prestashop', at: NOW });
    assert.equal(sync.status.sent, 4);
    assert.equal(sync.status.lastError, null);
  });

  it('asks the next sweep for what changed since its cursor, less the overlap for late commits', async () => {
    const state = new MemoryState();
    state.cursors.set('prestashop:order', NOW - 60_000);
    state.cursors.set('prestashop:product', NOW - 60_000);
    const { api, asked } = fakeShop({ order: [], product: [] });
    await syncOf(api, state).sync.sweep();
    assert.deepEqual(
      asked.map((a) => a.since),
      [NOW - 60_000 - SWEEP_OVERLAP_MS, NOW - 60_000 - SWEEP_OVERLAP_MS],
    );
  });

  it('still sweeps orders when products fail, keeps the failure in the status, and announces no success', async () => {
    const state = new MemoryState();
    const { api } = fakeShop({ order: [NOW - 1_000], product: [NOW - 1_000] }, ['product']);
    const { sync, reports } = syncOf(api, state);
    await sync.sweep();
    assert.equal(state.cursors.get('prestashop:order'), NOW - 1_000);
    assert.equal(state.cursors.get('prestashop:product'), undefined);
    assert.equal(sync.status.lastError, 'products could not be read');
    assert.equal(sync.status.failingSince, NOW);
    assert.ok(!reports.some((r) => r.type === 'swept'));
  });

  it('leaves the platform to the relay that holds the lease, without calling its API', async () => {
    const state = new MemoryState();
    state.leaseOwner = 'another-relay';
    const { api, asked } = fakeShop({ order: [NOW - 1_000], product: [] });
    const { sync } = syncOf(api, state);
    await sync.sweep();
    assert.deepEqual(asked, []);
    assert.equal(sync.status.leaseHeldElsewhere, true);
  });

  it('keeps its lease when it stops sweeping, and hands it over only when told, once delivery has stopped', async () => {
    const state = new MemoryState();
    const { api } = fakeShop({ order: [NOW - 1_000], product: [] });
    const { sync } = syncOf(api, state);
    await sync.sweep();
    await sync.stop();
    assert.equal(state.leaseOwner, 'this-relay', 'what the sweep queued may still be delivering');
    await sync.releaseLease();
    assert.equal(state.leaseOwner, undefined);
  });

  it('moves the cursor of a history read in any order only once all of it is in, to when it began', async () => {
    const state = new MemoryState();
    const { api } = fakeShop({ order: [], product: [] });
    api.history = async function* (kind) {
      if (kind === 'order')
        for (const at of [NOW - 5_000, NOW - 9_000]) yield { payload: { id: String(at), at }, changedAt: at };
    };
    const { sync, reports } = syncOf(api, state);
    await sync.sweep();
    assert.equal(state.cursors.get('prestashop:order'), NOW);
    assert.equal(reports.filter((r) => r.type === 'page').length, 1);
  });
});
