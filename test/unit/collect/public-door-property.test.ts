import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import Koa from 'koa';
import { collectRoute } from '../../../relay/collect/collect-route.js';
import { NewVisitors } from '../../../relay/collect/new-visitors.js';
import { RateLimits } from '../../../relay/collect/rate-limits.js';
import { SqliteVisitorLedger } from '../../../relay/collect/sqlite-visitor-ledger.js';
import type { Budget, VisitorLimits } from '../../../relay/collect/visitor-budgets.js';
import type { Admission, MonthVisitor } from '../../../relay/collect/visitor-ledger.js';
import { errorHandler } from '../../../relay/http/error-handler.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { createLogger } from '../../../relay/observability/logger.js';
import type { OutboxRecord } from '../../../relay/outbox/outbox.js';
import { createAccept } from '../../../relay/pipeline/accept.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import { browserEvent, collect } from '../../helpers/collect.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LIMITS: VisitorLimits = { perHour: 1, perDay: 2, maxPerMonth: 40, maxPerDay: 25 };

/**
 * Client addresses and the networks each is counted in, written out here rather than computed:
 * two IPv4 addresses; five /64s in each of five /48s of one /40 (so the /48's four budgets and the
 * /40's sixteen are reached); one /64 of another /40.
 */
const ADDRESSES = [
  { ip: '203.0.113.1', networks: [{ name: '203.0.113.1', share: 1 }] },
  { ip: '203.0.113.2', networks: [{ name: '203.0.113.2', share: 1 }] },
  ...[1, 2, 3, 4, 5].flatMap((site) =>
    [1, 2, 3, 4, 5].map((subnet) => ({
      ip: `2001:db8:${site}:${subnet}::${subnet}`,
      networks: [
        { name: `2001:db8:${site}:${subnet}/64`, share: 1 },
        { name: `2001:db8:${site}/48`, share: 4 },
        { name: '2001:db8:0/40', share: 16 },
      ],
    })),
  ),
  {
    ip: '2001:db8:100:1::1',
    networks: [
      { name: '2001:db8:100:1/64', share: 1 },
      { name: '2001:db8:100/48', share: 4 },
      { name: '2001:db8:100/40', share: 16 },
    ],
  },
];
const USERS = Array.from({ length: 30 }, (_, i) => `visitor-${String(i).padStart(4, '0')}`);

type Step =
  | {
      kind: 'post';
      address: number;
      cookie: string | null;
      voucher: string | null;
      events: { user: string | null; backMs: number }[];
    }
  | { kind: 'advance'; ms: number }
  | { kind: 'stepBack'; ms: number }
  | { kind: 'restart' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 20,
    arbitrary: fc.record({
      kind: fc.constant('post' as const),
      address: fc.integer({ min: 0, max: ADDRESSES.length - 1 }),
      cookie: fc.option(fc.constantFrom(...USERS)),
      voucher: fc.option(fc.stringMatching(/^[\w-]{32}$/)),
      events: fc.array(
        fc.record({
          user: fc.option(fc.constantFrom(...USERS)),
          backMs: fc.constantFrom(0, 30 * 60_000, 23 * HOUR, 47 * HOUR),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.oneof(
        { weight: 4, arbitrary: fc.constant(20 * 60_000) },
        { weight: 1, arbitrary: fc.constantFrom(HOUR, 5 * HOUR, DAY, 3 * DAY, 31 * DAY) },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('stepBack' as const), ms: fc.constantFrom(HOUR, 6 * HOUR, DAY, 2 * DAY) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
);

/** The real ledger, telling the test each visitor it admits. */
class WatchedLedger extends SqliteVisitorLedger {
  constructor(
    dataDir: string,
    private readonly onAdmitted: (visitor: MonthVisitor) => void,
  ) {
    super(dataDir);
  }

  override admit(visitor: MonthVisitor, budgets: readonly Budget[], now: number): Admission {
    const admission = super.admit(visitor, budgets, now);
    if (admission.status === 'admitted') this.onAdmitted(visitor);
    return admission;
  }
}

/** Counts per key, failing once one passes its bound. */
function tally(counts: Map<string, number>, key: string, bound: number, says: string): void {
  const count = (counts.get(key) ?? 0) + 1;
  counts.set(key, count);
  assert.ok(count <= bound, `${says}: ${count} visitors billed for ${key}, bound ${bound}`);
}

/**
 * One relay's public door over a run of steps: `/collect` on a real Koa server, through the door,
 * over its real ledger in SQLite, on a wall clock the run moves and steps back; a restart builds the
 * door and the route again from the ledger's file.
 */
async function run(steps: Step[], start: number, seen: { admitted: number; refused: number }): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-door-property-'));
  const clock = { trueTime: start, offset: 0 };
  const wall = () => clock.trueTime + clock.offset;
  let judgedBy = 0;
  let address = ADDRESSES[0];
  const admitted = new Set<string>();
  const counts = new Map<string, number>();
  const stored: OutboxRecord[] = [];
  const onAdmitted = (visitor: MonthVisitor) => {
    const key = `${visitor.month} ${visitor.userId}`;
    assert.ok(!admitted.has(key), `${key} charged twice`);
    admitted.add(key);
    seen.admitted += 1;
    const hour = new Date(judgedBy).toISOString().slice(0, 13);
    const day = hour.slice(0, 10);
    for (const { name, share } of address?.networks ?? []) {
      tally(counts, `${name} in ${hour}`, LIMITS.perHour * share, 'an hour');
      tally(counts, `${name} on ${day}`, LIMITS.perDay * share, 'a day');
    }
    tally(counts, `the shop in ${visitor.month}`, LIMITS.maxPerMonth ?? Infinity, 'a month');
    tally(counts, `the shop on ${day}`, LIMITS.maxPerDay ?? Infinity, 'a day of the shop');
  };
  const open = async () => {
    const ledger = new WatchedLedger(dataDir, onAdmitted);
    const events = new RecordEvents();
    const accept = createAccept({
      enqueueOnce: async (records) => (stored.push(...records), records.map(() => 'queued' as const)),
      events,
      onEnqueued: () => undefined,
    });
    const app = new Koa({ proxy: true });
    app.use(errorHandler({ logger: createLogger('silent') }));
    const route = collectRoute({
      accept,
      events,
      rateLimits: new RateLimits({ perIp: 0, perUser: 0 }),
      newVisitors: new NewVisitors({ ledger, limits: LIMITS, now: wall }),
      keepBots: false,
      cookieDomain: undefined,
      now: wall,
    });
    app.use((ctx) => route(ctx));
    const { server, url } = await listen(app.callback(), 0, '127.0.0.1');
    return { url, close: async () => (await stopListening(server), ledger.close()) };
  };
  let door = await open();
  try {
    for (const s of steps) {
      if (s.kind === 'advance') clock.trueTime += s.ms;
      else if (s.kind === 'stepBack') clock.offset -= s.ms;
      else if (s.kind === 'restart') {
        await door.close();
        door = await open();
      } else {
        address = ADDRESSES[s.address];
        judgedBy = Math.max(judgedBy, wall());
        const cookie = [s.cookie && `_sb_uid=${s.cookie}`, s.voucher && `_sb_vid=${s.voucher}`]
          .filter(Boolean)
          .join('; ');
        const events = s.events.map((e) =>
          browserEvent({ captured_at: wall() - e.backMs, ...(e.user ? { user_id: e.user } : {}) }),
        );
        const answer = await collect(
          door.url,
          { events },
          { 'x-forwarded-for': address?.ip ?? '', ...(cookie ? { cookie } : {}) },
        );
        if (answer.status === 429) seen.refused += 1;
        assert.ok([200, 400, 429].includes(answer.status), answer.text);
      }
    }
    for (const record of stored) {
      const key = `${String(record.body['datetime']).slice(0, 7)} ${String(record.body['user_id'])}`;
      assert.ok(admitted.has(key), `${key} billed without being admitted`);
    }
  } finally {
    await door.close();
  }
}

describe('the public door, as a property', () => {
  it('bills no address prefix beyond its budgets per clock hour and per day, and the shop no more than its ceilings, whatever the posts, cookies, vouchers, months, clock steps and restarts', async () => {
    const seen = { admitted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 120, size: 'max' }),
        fc.integer({ min: 0, max: 20 * DAY }),
        (steps, offset) => run(steps, Date.parse('2026-11-18T00:17:00Z') + offset, seen),
      ),
      { numRuns: 40 },
    );
    assert.ok(
      seen.admitted > 0 && seen.refused > 0,
      `the runs admitted ${seen.admitted} and were refused ${seen.refused} times`,
    );
  });
});
