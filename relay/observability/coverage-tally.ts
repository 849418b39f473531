import type Database from 'better-sqlite3';
import type { CompletionSeen, OrderSeen } from './coverage-report.js';
import type { KeptRows } from './kept-rows.js';
import type { CoverageCaps } from './order-coverage.js';

const HOUR_MS = 3_600_000;
/** The hour a time falls in: the figures are counted per platform and hour, so any window sums a few hundred rows. */
export const hourOf = (ms: number): number => Math.floor(ms / HOUR_MS);
export const hourStart = (hour: number): number => hour * HOUR_MS;
export const monthOf = (ms: number): string => new Date(ms).toISOString().slice(0, 7);

/** What an order is in the figures; `counted` 0: made before the relay began noting, in no window. */
interface OrderFlags {
  counted: number;
  storefront: number;
  joined: number;
  claimed: number;
  duplicated: number;
}

interface OrderRow extends OrderFlags {
  created_at: number;
  channel: string | null;
}

/** What named an order id: proven `Order Completed` events and browsers' claims. */
interface NamedRow {
  at: number;
  counted: number;
  proven: number;
  claims: number;
  unmatched: number;
}

const NOTHING: OrderFlags = { counted: 0, storefront: 0, joined: 0, claimed: 0, duplicated: 0 };

/**
 * An order's share of its platform's hour: orders, storefront, joined, unjoined, claimed,
 * duplicated. Only a storefront order can be unjoined or claimed: one made elsewhere never had a
 * shopper's browser to join it.
 */
function contribution(f: OrderFlags): number[] {
  if (!f.counted) return [0, 0, 0, 0, 0, 0];
  const open = f.storefront * (1 - f.joined);
  return [1, f.storefront, f.storefront * f.joined, open, open * f.claimed, f.duplicated];
}

const differs = (a: OrderFlags, b: OrderFlags) =>
  a.counted !== b.counted ||
  a.storefront !== b.storefront ||
  a.joined !== b.joined ||
  a.claimed !== b.claimed ||
  a.duplicated !== b.duplicated;

function statements(db: Database.Database) {
  return {
    order: db.prepare('SELECT * FROM orders WHERE platform = ? AND order_id = ?'),
    platformsOf: db.prepare('SELECT platform FROM orders WHERE order_id = ?').pluck(),
    insertOrder: db.prepare(
      'INSERT INTO orders (platform, order_id, created_at, counted, channel, storefront, joined, claimed, duplicated, seen_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    updateOrder: db.prepare(
      'UPDATE orders SET channel = ?, storefront = ?, joined = ?, claimed = ?, duplicated = ?, seen_at = ? WHERE platform = ? AND order_id = ?',
    ),
    tally: db.prepare(
      `INSERT INTO order_tally (platform, hour, orders, storefront, joined, unjoined, claimed, duplicated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (platform, hour) DO UPDATE SET orders = orders + excluded.orders, storefront = storefront + excluded.storefront,
       joined = joined + excluded.joined, unjoined = unjoined + excluded.unjoined, claimed = claimed + excluded.claimed,
       duplicated = duplicated + excluded.duplicated`,
    ),
    orderNotKept: db.prepare(
      'INSERT INTO order_tally (platform, hour, not_kept) VALUES (?, ?, 1) ON CONFLICT (platform, hour) DO UPDATE SET not_kept = not_kept + 1',
    ),
    named: db.prepare('SELECT at, counted, proven, claims, unmatched FROM named WHERE order_id = ?'),
    insertNamed: db.prepare(
      'INSERT INTO named (order_id, at, counted, proven, claims, bots, unmatched, seen_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)',
    ),
    addNamed: db.prepare(
      'UPDATE named SET proven = proven + ?, claims = claims + ?, bots = bots + ?, seen_at = ? WHERE order_id = ?',
    ),
    heard: db.prepare(
      'INSERT INTO heard (hour, events) VALUES (?, ?) ON CONFLICT (hour) DO UPDATE SET events = events + excluded.events',
    ),
    setFlags: db.prepare(
      'UPDATE orders SET storefront = ?, joined = ?, claimed = ?, duplicated = ? WHERE platform = ? AND order_id = ?',
    ),
    setUnmatched: db.prepare('UPDATE named SET unmatched = ? WHERE order_id = ?'),
    namedTally: db.prepare(
      `INSERT INTO named_tally (hour, unmatched, claims, not_kept) VALUES (?, ?, ?, ?) ON CONFLICT (hour) DO UPDATE SET
       unmatched = unmatched + excluded.unmatched, claims = claims + excluded.claims, not_kept = not_kept + excluded.not_kept`,
    ),
  };
}

/**
 * The coverage counted as orders and `Order Completed` events arrive: each order keeps what it is
 * (storefront, joined, claimed, named twice), each order id what named it, and every change adds
 * its difference to its platform's hour, so a report sums counts and reads a few ids instead of
 * every row. Rows are kept within the month's caps; past them only counted.
 */
export class CoverageTally {
  private readonly s: ReturnType<typeof statements>;

  constructor(
    private readonly db: Database.Database,
    private readonly kept: KeptRows,
    private readonly caps: CoverageCaps,
    private readonly began: number,
  ) {
    this.s = statements(db);
  }

  noteOrder(o: OrderSeen, now: number): void {
    const row = this.s.order.get(o.platform, o.orderId) as OrderRow | undefined;
    // An order whose way in says nothing of its origin (the mirror, a custom backend) is taken for the storefront's.
    const storefront = o.channel ? Number(o.channel.madeBy === 'storefront') : (row?.storefront ?? 1);
    const channel = o.channel ? JSON.stringify(o.channel) : (row?.channel ?? null);
    if (row) {
      const flags = this.flagsOf(o.orderId, row.counted, storefront);
      this.s.updateOrder.run(channel, ...this.flagValues(flags), now, o.platform, o.orderId);
      return this.addToTally(o.platform, row.created_at, row, flags);
    }
    const counted = Number(o.createdAt >= this.began);
    if (!this.kept.keep(`orders ${o.platform}`, monthOf(now), this.caps.ordersPerPlatform)) {
      if (counted) this.s.orderNotKept.run(o.platform, hourOf(o.createdAt));
      return;
    }
    const flags = this.flagsOf(o.orderId, counted, storefront);
    this.s.insertOrder.run(o.platform, o.orderId, o.createdAt, counted, channel, ...this.flagValues(flags), now);
    this.addToTally(o.platform, o.createdAt, NOTHING, flags);
    this.recountNamed(o.orderId);
  }

  noteCompletion(c: CompletionSeen, now: number): void {
    const counted = c.at >= this.began;
    // Every claim is counted, kept or not: a flood of them shows.
    if (!c.proven && !c.bot && counted) this.s.namedTally.run(hourOf(c.at), 0, 1, 0);
    if (!this.keepNamed(c, counted, now)) return;
    if (c.bot) return;
    this.recountNamed(c.orderId);
    for (const platform of this.s.platformsOf.all(c.orderId) as string[]) this.recountOrder(platform, c.orderId);
  }

  /** Events the relay took from the shop (browser or server), per hour: a storefront order's hour without any is one the shop said nothing of. */
  noteHeard(counts: ReadonlyMap<number, number>): void {
    for (const [hour, events] of counts) this.s.heard.run(hour, events);
  }

  /** Forgets the orders and order ids last seen before `before`, and the hours before it: no window reaches them. */
  forget(before: number): void {
    const hour = hourOf(before);
    this.db.prepare('DELETE FROM heard WHERE hour < ?').run(hour - 1);
    this.db.prepare('DELETE FROM orders WHERE seen_at < ?').run(before);
    this.db.prepare('DELETE FROM named WHERE seen_at < ?').run(before);
    this.db.prepare('DELETE FROM order_tally WHERE hour < ?').run(hour);
    this.db.prepare('DELETE FROM named_tally WHERE hour < ?').run(hour);
  }

  /**
   * The completion added to its order id's row, or false past the month's cap of its kind (a
   * proven one then counted as not kept).
   */
  private keepNamed(c: CompletionSeen, counted: boolean, now: number): boolean {
    const bots = Number(c.bot === true);
    const proven = bots ? 0 : Number(c.proven);
    const claims = 1 - proven - bots;
    if (this.s.named.get(c.orderId)) {
      this.s.addNamed.run(proven, claims, bots, now, c.orderId);
      return true;
    }
    // A bot's is kept within the claims' cap: a browser's word like theirs.
    const [scope, cap] = c.proven && !bots ? ['completions', this.caps.completions] : ['claims', this.caps.claims];
    if (this.kept.keep(scope, monthOf(now), cap)) {
      this.s.insertNamed.run(c.orderId, c.at, Number(counted), proven, claims, bots, now);
      return true;
    }
    if (c.proven && counted) this.s.namedTally.run(hourOf(c.at), 0, 0, 1);
    return false;
  }

  /** An order id a proven `Order Completed` named and no order kept has: unmatched, in the hour of the event. */
  private recountNamed(orderId: string): void {
    const named = this.s.named.get(orderId) as NamedRow | undefined;
    if (!named) return;
    const unmatched = Number(named.counted === 1 && named.proven > 0 && this.s.platformsOf.get(orderId) === undefined);
    if (unmatched === named.unmatched) return;
    this.s.setUnmatched.run(unmatched, orderId);
    this.s.namedTally.run(hourOf(named.at), unmatched - named.unmatched, 0, 0);
  }

  private recountOrder(platform: string, orderId: string): void {
    const row = this.s.order.get(platform, orderId) as OrderRow;
    const flags = this.flagsOf(orderId, row.counted, row.storefront);
    if (!differs(row, flags)) return;
    this.s.setFlags.run(...this.flagValues(flags), platform, orderId);
    this.addToTally(platform, row.created_at, row, flags);
  }

  private flagsOf(orderId: string, counted: number, storefront: number): OrderFlags {
    const named = this.s.named.get(orderId) as NamedRow | undefined;
    const proven = named?.proven ?? 0;
    return {
      counted,
      storefront,
      joined: Number(proven > 0),
      claimed: Number((named?.claims ?? 0) > 0),
      duplicated: Number(proven > 1),
    };
  }

  private flagValues(f: OrderFlags): number[] {
    return [f.storefront, f.joined, f.claimed, f.duplicated];
  }

  /** The order's change in its platform's hour: what it is now less what it was. */
  private addToTally(platform: string, createdAt: number, was: OrderFlags, is: OrderFlags): void {
    if (!differs(was, is)) return;
    const before = contribution(was);
    this.s.tally.run(platform, hourOf(createdAt), ...contribution(is).map((n, i) => n - (before[i] as number)));
  }
}
