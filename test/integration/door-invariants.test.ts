// The public door's rules as invariants, held against an attacker model: fast-check's commands
// drive a real relay (in this process, SQLite, the mock service) with a clock the model moves,
// from several addresses, across restarts, hours, days and months. After every sequence:
//   - no customer id reaches the service without the shop's proof, whatever cookie or id was sent;
//   - the shop's own Order Completed is never refused as a browser's duplicate, reaches the
//     service for the shop's visitor, and coverage counts no join the shop did not make;
//   - visitors billed stay within the month's ceiling and each address's daily budget;
//   - a right key is never refused, whatever keyless or wrong calls came from its address.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { request } from 'undici';
import { createMockUpstream, type MockUpstream } from '../../relay/mock-upstream/index.js';
import { browserEvent, collect } from '../helpers/collect.js';
import { order } from '../helpers/records.js';
import { ADMIN_KEY, SERVICE_TOKEN, startRelay, until, type Harness } from '../helpers/relay-harness.js';
import { shiftedClock, type ShiftedClock } from '../helpers/shifted-clock.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const INGEST_KEY = 'ingest-key-door-model-5c1e9a7f3b2d4e6a';
const LIMITS = { perHour: 2, perDay: 4, perMonth: 10 };
const CONFIG = {
  identitySecret: 'identity-secret-door-model-8e3b1f6a2c9d',
  ingestKey: INGEST_KEY,
  trustProxy: '1',
  newVisitorsPerHour: String(LIMITS.perHour),
  newVisitorsPerDay: String(LIMITS.perDay),
  maxVisitorsPerMonth: String(LIMITS.perMonth),
  rateLimitIp: '0',
  rateLimitUser: '0',
};
const ADDRESSES = ['203.0.113.7', '203.0.113.8', '198.51.100.9', '2001:db8:7:1::1', '2001:db8:7:2::1'];
/** Ids of the shop's customers an attacker names: a Shopify-shaped number, a UUID, a short one. */
const CUSTOMERS = ['7234567890123', '3f2b8c1e-9d4a-4c5e-8f7a-1b2c3d4e5f60', '42'];
const ORDERS = [7001, 7002, 7003, 7004];

/** What the model knows: the relay, the ids the relay gave, and what the shop said. */
interface World {
  h: Harness;
  readonly clock: ShiftedClock;
  /** Each `_sb_uid` the relay set, with the address and time of the request it answered. */
  readonly given: { userId: string; address: string; at: number }[];
  /** The orders the shop completed, with the visitor it named. */
  readonly shopOrders: Map<number, string>;
}

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith('_sb_uid='))
    ?.split(';')[0]
    ?.slice('_sb_uid='.length);

class PostFromBrowser implements fc.AsyncCommand<object, World> {
  constructor(
    readonly address: string,
    readonly cookie: 'none' | 'customer' | 'identified' | 'given',
    readonly eventUser: string | null,
    readonly claim: number | null,
  ) {}
  check = () => true;
  async run(_m: object, w: World): Promise<void> {
    const given = w.given.at(-1)?.userId;
    const customer = CUSTOMERS[0]!;
    const cookie = {
      none: '',
      customer: `_sb_uid=${customer}`,
      identified: `_sb_uid=~${customer}`,
      given: given ? `_sb_uid=${given}` : '',
    }[this.cookie];
    const events = [browserEvent(this.eventUser === null ? {} : { user_id: this.eventUser })];
    if (this.claim !== null)
      events.push(
        browserEvent({
          event_name: 'Order Completed',
          event: { order_id: this.claim, order_value: 49, currency: 'EUR' },
        }),
      );
    const answer = await collect(w.h.url, { events }, { 'x-forwarded-for': this.address, cookie });
    assert.ok([200, 400, 429].includes(answer.status), `/collect answered ${answer.status}: ${answer.text}`);
    const set = cookieOf(answer.headers);
    if (answer.status === 200 && set) w.given.push({ userId: set, address: this.address, at: Date.now() });
  }
  toString = () => `post(${this.address}, ${this.cookie}, ${this.eventUser}, claim ${this.claim})`;
}

class ShopCompletesOrder implements fc.AsyncCommand<object, World> {
  constructor(readonly orderId: number) {}
  check = () => true;
  async run(_m: object, w: World): Promise<void> {
    const visitor = w.given.at(-1);
    if (!visitor || w.shopOrders.has(this.orderId)) return;
    const post = (path: string, body: unknown, key: string) =>
      request(`${w.h.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const uploaded = await post('/v1/orders', order(Date.now(), { order_id: this.orderId }), ADMIN_KEY);
    await uploaded.body.dump();
    const tracked = await post(
      '/v1/track',
      {
        user_id: visitor.userId,
        event_name: 'Order Completed',
        event: { order_id: this.orderId, order_value: 39.8, currency: 'EUR' },
        visitor_ip: visitor.address,
      },
      INGEST_KEY,
    );
    const answer = (await tracked.body.json()) as { queued?: number; duplicate?: number };
    if (tracked.statusCode >= 400) return; // its visitor over a budget in a new month: the bill's rule, not a join
    assert.equal(answer.duplicate ?? 0, 0, `the shop's Order Completed for ${this.orderId} taken as a duplicate`);
    w.shopOrders.set(this.orderId, visitor.userId);
  }
  toString = () => `shop completes ${this.orderId}`;
}

class KeysFromOneAddress implements fc.AsyncCommand<object, World> {
  constructor(
    readonly keyless: number,
    readonly wrong: number,
  ) {}
  check = () => true;
  async run(_m: object, w: World): Promise<void> {
    const stats = (key?: string) =>
      request(`${w.h.url}/stats`, key === undefined ? {} : { headers: { authorization: `Bearer ${key}` } });
    for (let i = 0; i < this.keyless; i++) await (await stats()).body.dump();
    for (let i = 0; i < this.wrong; i++) await (await stats(`wrong-key-${i}-0123456789abcdef0123`)).body.dump();
    const right = await stats(ADMIN_KEY);
    await right.body.dump();
    assert.equal(right.statusCode, 200, 'the right key refused after others from its address');
  }
  toString = () => `${this.keyless} keyless, ${this.wrong} wrong, then the right key`;
}

class MoveClock implements fc.AsyncCommand<object, World> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(_m: object, w: World): Promise<void> {
    w.clock.move(this.ms);
  }
  toString = () => `clock ${this.ms >= 0 ? '+' : ''}${(this.ms / HOUR).toFixed(1)} h`;
}

class Restart implements fc.AsyncCommand<object, World> {
  check = () => true;
  async run(_m: object, w: World): Promise<void> {
    await w.h.stopRelay();
    w.h = await startRelay({ upstream: w.h.mock, dataDir: w.h.dataDir, config: CONFIG });
  }
  toString = () => 'restart';
}

const commands = [
  fc
    .tuple(
      fc.constantFrom(...ADDRESSES),
      fc.constantFrom('none' as const, 'customer' as const, 'identified' as const, 'given' as const),
      fc.option(fc.constantFrom(...CUSTOMERS)),
      fc.option(fc.constantFrom(...ORDERS)),
    )
    .map(([a, c, u, o]) => new PostFromBrowser(a, c, u, o)),
  fc.constantFrom(...ORDERS).map((id) => new ShopCompletesOrder(id)),
  fc
    .tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }))
    .map(([k, w]) => new KeysFromOneAddress(k, w)),
  fc
    .oneof(
      fc.integer({ min: 1, max: 30 }).map((h) => h * HOUR),
      fc.constant(31 * DAY),
      fc.integer({ min: -6, max: -1 }).map((h) => h * HOUR),
    )
    .map((ms) => new MoveClock(ms)),
  fc.constant(new Restart()),
];

/** The month a delivered event is billed in: the one its `datetime` names. */
const monthOf = (event: Record<string, unknown>) => String(event['datetime']).slice(0, 7);

async function checkInvariants(w: World, mock: MockUpstream): Promise<void> {
  // Records queued after a step back are due at times the clock has to reach again: the rules are
  // about what is delivered, so the clock goes back to where it was furthest.
  w.clock.toLatest();
  await until(
    async () => Object.values((await w.h.relay.shopbeacon.outbox.counts()).queued).every((n) => n === 0),
    'an empty outbox',
  );
  const delivered = mock.records('events') as Record<string, unknown>[];
  for (const event of delivered)
    assert.ok(!CUSTOMERS.includes(String(event['user_id'])), `a customer's id without proof: ${event['user_id']}`);
  for (const [orderId, userId] of w.shopOrders) {
    const ofShop = delivered.find(
      (e) =>
        e['event_name'] === 'Order Completed' &&
        (e['event'] as { order_id: number }).order_id === orderId &&
        e['user_id'] === userId,
    );
    assert.ok(ofShop, `the shop's Order Completed for ${orderId} never reached the service`);
  }
  const stats = await request(`${w.h.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
  const coverage = ((await stats.body.json()) as { coverage: { platforms: Record<string, { joined: number }> } })
    .coverage;
  const joined = Object.values(coverage.platforms).reduce((sum, p) => sum + p.joined, 0);
  assert.ok(joined <= w.shopOrders.size, `coverage joined ${joined} orders; the shop completed ${w.shopOrders.size}`);
  checkBill(w, delivered);
}

/** Billed visitors per month within the ceiling, and each address's new visitors per day within its budget. */
function checkBill(w: World, delivered: Record<string, unknown>[]): void {
  const billed = new Map<string, Set<string>>();
  for (const event of delivered) {
    const month = monthOf(event);
    billed.set(month, (billed.get(month) ?? new Set()).add(String(event['user_id'])));
  }
  for (const [month, visitors] of billed)
    assert.ok(visitors.size <= LIMITS.perMonth, `${visitors.size} visitors billed in ${month}`);
  const perAddressDay = new Map<string, Set<string>>();
  for (const [month, visitors] of billed)
    for (const visitor of visitors) {
      const first = w.given.find((g) => g.userId === visitor && new Date(g.at).toISOString().slice(0, 7) === month);
      if (!first) continue;
      const day = `${first.address} ${new Date(first.at).toISOString().slice(0, 10)}`;
      perAddressDay.set(day, (perAddressDay.get(day) ?? new Set()).add(`${month} ${visitor}`));
    }
  for (const [day, visitors] of perAddressDay)
    assert.ok(visitors.size <= LIMITS.perDay, `${visitors.size} new visitors from ${day}`);
}

describe("the public door's invariants, against an attacker model", () => {
  let clock: ShiftedClock;
  before(() => (clock = shiftedClock()));
  after(() => clock.restore());

  it('holds every rule after any sequence of posts, shop orders, keys, clock moves and restarts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 18 }), async (sequence) => {
        const mock = await createMockUpstream({ token: SERVICE_TOKEN });
        const dataDir = mkdtempSync(join(tmpdir(), 'sb-door-model-'));
        const world: World = {
          h: await startRelay({ upstream: mock, dataDir, config: CONFIG }),
          clock,
          given: [],
          shopOrders: new Map(),
        };
        try {
          await fc.asyncModelRun(() => ({ model: {}, real: world }), sequence);
          await checkInvariants(world, mock);
        } finally {
          await world.h.stopRelay().catch(() => undefined);
          await mock.close();
          clock.reset();
        }
      }),
      { numRuns: Number(process.env['DOOR_MODEL_RUNS'] ?? 12), verbose: 1 },
    );
  });
});
