// The order's join belongs to the shop, as a property: whatever browsers claim, for whichever
// order ids and in whatever order against the shop's own events, through the real ways in, the
// real accept pipeline, a real SQLite outbox and a real coverage file.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { collectEventToRecord } from '../../../relay/collect/collect-event.js';
import { OrderProof } from '../../../relay/collect/order-proof.js';
import { KINDS } from '../../../relay/contract/kinds.js';
import { mirrorRecord } from '../../../relay/mirror/mirror-event-id.js';
import { createLogger } from '../../../relay/observability/logger.js';
import { noteCoverage, type CoverageCaps } from '../../../relay/observability/order-coverage.js';
import { SqliteCoverageLog } from '../../../relay/observability/sqlite-coverage-log.js';
import { enqueueInOutbox } from '../../../relay/outbox/enqueue-once.js';
import { SqliteOutbox } from '../../../relay/outbox/sqlite-outbox.js';
import { createAccept, type Verdict } from '../../../relay/pipeline/accept.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import { openSqlite } from '../../../relay/shared/sqlite-driver.js';
import { order as orderBody, sqlTime } from '../../helpers/records.js';

const SECRET = 'identity-secret-for-the-property-0123456789';
const CAPS: CoverageCaps = { ordersPerPlatform: 1_000, completions: 1_000, claims: 4, sessions: 3 };
const proofs = new OrderProof(SECRET);

type Step =
  | { by: 'browser'; orderId: number; visitor: string; proof: 'none' | 'of another order' }
  | { by: 'shop event'; orderId: number }
  | { by: 'shop order'; orderId: number };

const orderIds = fc.integer({ min: 7001, max: 7012 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    by: fc.constant('browser' as const),
    orderId: orderIds,
    visitor: fc.constantFrom('anon-attacker-1', 'anon-attacker-2', 'anon-shopper-3'),
    proof: fc.constantFrom('none' as const, 'of another order' as const),
  }),
  fc.record({ by: fc.constant('shop event' as const), orderId: orderIds }),
  fc.record({ by: fc.constant('shop order' as const), orderId: orderIds }),
);

/** The relay's ingest as far as an order's join goes, in a directory of its own. */
function relayParts() {
  const dir = mkdtempSync(join(tmpdir(), 'sb-order-join-'));
  const outbox = new SqliteOutbox({ dataDir: dir });
  const events = new RecordEvents();
  const coverage = new SqliteCoverageLog(dir, undefined, false, { caps: CAPS });
  noteCoverage(events, coverage, createLogger('silent'));
  const accept = createAccept({ enqueueOnce: enqueueInOutbox(outbox), events, onEnqueued: () => undefined });
  const close = () => {
    coverage.close();
    outbox.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { dir, outbox, accept, coverage, close };
}

function browserClaim(s: Extract<Step, { by: 'browser' }>, n: number): unknown {
  const proof = s.proof === 'none' ? {} : { order_proof: proofs.proofOf(String(s.orderId + 1)) };
  return {
    event_name: 'Order Completed',
    event_id: `claim-${n}`,
    event: { order_id: s.orderId, order_value: 1, currency: 'EUR', ...proof },
  };
}

async function take(parts: ReturnType<typeof relayParts>, s: Step, n: number): Promise<Verdict | undefined> {
  const now = Date.now();
  if (s.by === 'browser') {
    const identity = { userId: s.visitor, sessionId: `session-${s.visitor}`, userCookie: s.visitor, sessionStart: now };
    const context = { identity, skewMs: 0, orderProof: proofs };
    const [verdict] = await parts.accept('collect', 'event', [browserClaim(s, n)], (raw, at) =>
      collectEventToRecord(raw, context, at),
    );
    return verdict;
  }
  const body =
    s.by === 'shop order'
      ? orderBody(now, { order_id: s.orderId, date_created_gmt: sqlTime(now) })
      : {
          user_id: `customer-${s.orderId}`,
          event_name: 'Order Completed',
          event: { order_id: s.orderId, order_value: 49, currency: 'EUR' },
          datetime: sqlTime(now),
          event_id: `wp-order-${s.orderId}`,
        };
  const kind = s.by === 'shop order' ? KINDS.order : KINDS.event;
  const [verdict] = await parts.accept('mirror', kind.kind, [body], (raw, at) => mirrorRecord(kind, raw, at));
  return verdict;
}

/** The shop's own Order Completed in the outbox, by order: the `user_id` each carries. */
function shopEventsQueued(outbox: SqliteOutbox): Map<number, string> {
  const queued = new Map<number, string>();
  for (const record of outbox.due(Date.now() + 1_000, 10_000, new Set())) {
    const body = JSON.parse(record.body) as { user_id?: string; event?: { order_id?: number } };
    if (record.kind === 'event' && body.user_id?.startsWith('customer-'))
      queued.set(body.event?.order_id ?? 0, body.user_id);
  }
  return queued;
}

function rowsKept(dir: string): { claimRows: number; sessionRows: number } {
  const db = openSqlite(join(dir, 'coverage.sqlite'));
  try {
    return {
      claimRows: db.prepare('SELECT COUNT(*) FROM named WHERE proven = 0').pluck().get() as number,
      sessionRows: db.prepare('SELECT COUNT(*) FROM sessions').pluck().get() as number,
    };
  } finally {
    db.close();
  }
}

/** Takes each step through its way in; the shop's server sends each order's event once (its event_id is the order's). */
async function run(parts: ReturnType<typeof relayParts>, steps: Step[]) {
  const shopEvents = new Set<number>();
  const orders = new Set<number>();
  let n = 0;
  for (const s of steps) {
    if (s.by === 'shop event' && shopEvents.has(s.orderId)) continue;
    const verdict = await take(parts, s, n++);
    if (s.by === 'shop event') {
      assert.equal(verdict?.status, 'queued', `the shop's event for ${s.orderId}`);
      shopEvents.add(s.orderId);
    }
    if (s.by === 'shop order') orders.add(s.orderId);
    if (s.by === 'browser') assert.notEqual(verdict?.status, 'rejected');
  }
  return { shopEvents, orders };
}

describe("an order's join belongs to the shop, whatever browsers claim", () => {
  it("queues the shop's own Order Completed for every order, joins only on it, and keeps the coverage within its caps", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const parts = relayParts();
        try {
          const { shopEvents, orders } = await run(parts, steps);
          const queued = shopEventsQueued(parts.outbox);
          for (const id of shopEvents) assert.equal(queued.get(id), `customer-${id}`, `order ${id} in the outbox`);
          const coverage = parts.coverage.report(Date.now() - 86_400_000, []).platforms['mirror'];
          const joined = [...orders].filter((id) => shopEvents.has(id)).length;
          assert.equal(coverage?.joined ?? 0, joined, "joined on the shop's own events alone");
          assert.ok((coverage?.claimed ?? 0) <= orders.size - joined);
          const kept = rowsKept(parts.dir);
          assert.ok(kept.claimRows <= CAPS.claims, `${kept.claimRows} claims kept`);
          assert.ok(kept.sessionRows <= CAPS.sessions, `${kept.sessionRows} sessions kept`);
        } finally {
          parts.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});
