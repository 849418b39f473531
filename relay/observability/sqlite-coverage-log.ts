import type Database from 'better-sqlite3';
import { openStateDatabase } from '../shared/state-database.js';
import { asStorageError } from '../shared/storage-error.js';
import type { CompletionSeen, OrderSeen } from './coverage-report.js';
import { COVERAGE_DAYS, type CoverageLog } from './order-coverage.js';

const SCHEMA = {
  name: 'the order coverage (coverage.sqlite)',
  migrations: [
    `CREATE TABLE IF NOT EXISTS orders (platform TEXT NOT NULL, order_id TEXT NOT NULL, created_at INTEGER NOT NULL, channel TEXT, seen_at INTEGER NOT NULL, PRIMARY KEY (platform, order_id)) WITHOUT ROWID;
     CREATE TABLE IF NOT EXISTS completions (order_id TEXT NOT NULL, user_id TEXT NOT NULL, at INTEGER NOT NULL, seen_at INTEGER NOT NULL);
     CREATE INDEX IF NOT EXISTS completions_seen ON completions (seen_at);
     CREATE TABLE IF NOT EXISTS began (at INTEGER NOT NULL);
     CREATE TABLE IF NOT EXISTS sessions (month TEXT NOT NULL, session_id TEXT NOT NULL, user_id TEXT NOT NULL, first_at INTEGER NOT NULL, PRIMARY KEY (month, session_id, user_id)) WITHOUT ROWID;`,
  ],
};

const DAY_MS = 86_400_000;

/**
 * The orders and `Order Completed` events of the last 35 days in `coverage.sqlite` beside the
 * outbox (a file of its own, as the visitor count's), written once a second in one transaction; a
 * crash loses at most that second of a statistic. `shopbeacon coverage` opens the same file.
 */
export class SqliteCoverageLog implements CoverageLog {
  private readonly db: Database.Database;
  private pending: { orders: OrderSeen[]; completions: CompletionSeen[] } = { orders: [], completions: [] };
  /** Sessions seen since the last write, by `month\tsession\tuser`: their first time. */
  private sessions = new Map<string, number>();
  private readonly timer: NodeJS.Timeout | undefined;
  private prunedAt = 0;

  /** `readOnly`: the report's reader (the CLI), which writes nothing and keeps no timer. */
  constructor(
    dataDir: string,
    private readonly onWriteError: (error: unknown) => void = () => undefined,
    readOnly = false,
  ) {
    this.db = openStateDatabase(dataDir, 'coverage.sqlite', SCHEMA);
    // To the second: the shops' order times have no finer one.
    if (!readOnly)
      this.db
        .prepare('INSERT INTO began (at) SELECT ? WHERE NOT EXISTS (SELECT 1 FROM began)')
        .run(Math.floor(Date.now() / 1000) * 1000);
    this.timer = readOnly ? undefined : setInterval(() => this.flushOnTimer(), 1_000).unref();
  }

  note(orders: OrderSeen[], completions: CompletionSeen[]): void {
    this.pending.orders.push(...orders);
    this.pending.completions.push(...completions);
  }

  noteSession(month: string, sessionId: string, userId: string, at: number): void {
    const key = `${month}\t${sessionId}\t${userId}`;
    const first = this.sessions.get(key);
    if (first === undefined || at < first) this.sessions.set(key, at);
  }

  identifiedLater(): Record<string, number> {
    try {
      if (this.timer) this.flush();
      const rows = this.db
        .prepare(
          `SELECT s.month AS month, COUNT(DISTINCT s.user_id) AS n FROM sessions s WHERE EXISTS (SELECT 1 FROM sessions t
           WHERE t.month = s.month AND t.session_id = s.session_id AND t.user_id <> s.user_id AND t.first_at > s.first_at) GROUP BY s.month ORDER BY s.month`,
        )
        .all() as { month: string; n: number }[];
      return Object.fromEntries(rows.map((r) => [r.month, r.n]));
    } catch (error) {
      throw asStorageError(error);
    }
  }

  read(): { orders: OrderSeen[]; completions: CompletionSeen[]; since: number } {
    try {
      if (this.timer) this.flush();
      const began = (this.db.prepare('SELECT at FROM began').get() as { at: number } | undefined)?.at ?? Date.now();
      const orders = this.db.prepare('SELECT platform, order_id, created_at, channel FROM orders').all() as {
        platform: string;
        order_id: string;
        created_at: number;
        channel: string | null;
      }[];
      const completions = this.db.prepare('SELECT order_id, user_id, at FROM completions').all() as {
        order_id: string;
        user_id: string;
        at: number;
      }[];
      return {
        orders: orders.map((o) => ({
          platform: o.platform,
          orderId: o.order_id,
          createdAt: o.created_at,
          ...(o.channel ? { channel: JSON.parse(o.channel) as OrderSeen['channel'] } : {}),
        })),
        completions: completions.map((c) => ({ orderId: c.order_id, userId: c.user_id, at: c.at })),
        since: began,
      };
    } catch (error) {
      throw asStorageError(error);
    }
  }

  private flushOnTimer(): void {
    try {
      this.flush();
    } catch (error) {
      this.onWriteError(error);
    }
  }

  /** What waits, in one transaction (kept for the next on failure); rows older than 35 days go once an hour. */
  private flush(): void {
    const { orders, completions } = this.pending;
    const sessions = this.sessions;
    if (
      orders.length === 0 &&
      completions.length === 0 &&
      sessions.size === 0 &&
      Date.now() - this.prunedAt < 3_600_000
    )
      return;
    this.pending = { orders: [], completions: [] };
    this.sessions = new Map();
    const now = Date.now();
    try {
      this.db.transaction(() => this.write(orders, completions, sessions, now))();
    } catch (error) {
      this.note(orders, completions);
      for (const [key, at] of sessions) this.sessions.set(key, Math.min(at, this.sessions.get(key) ?? at));
      throw error;
    }
  }

  private write(
    orders: OrderSeen[],
    completions: CompletionSeen[],
    sessions: ReadonlyMap<string, number>,
    now: number,
  ): void {
    const session = this.db.prepare(
      'INSERT INTO sessions (month, session_id, user_id, first_at) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET first_at = MIN(first_at, excluded.first_at)',
    );
    for (const [key, at] of sessions) session.run(...key.split('\t'), at);
    const order = this.db.prepare(
      'INSERT INTO orders (platform, order_id, created_at, channel, seen_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (platform, order_id) DO UPDATE SET channel = COALESCE(excluded.channel, channel), seen_at = excluded.seen_at',
    );
    for (const o of orders)
      order.run(o.platform, o.orderId, o.createdAt, o.channel ? JSON.stringify(o.channel) : null, now);
    const completion = this.db.prepare('INSERT INTO completions (order_id, user_id, at, seen_at) VALUES (?, ?, ?, ?)');
    for (const c of completions) completion.run(c.orderId, c.userId, c.at, now);
    if (now - this.prunedAt < 3_600_000) return;
    this.prunedAt = now;
    const before = now - COVERAGE_DAYS * DAY_MS;
    this.db.prepare('DELETE FROM orders WHERE seen_at < ?').run(before);
    this.db.prepare('DELETE FROM completions WHERE seen_at < ?').run(before);
    // This month's and the last's: the bill of a month ended is settled.
    this.db.prepare('DELETE FROM sessions WHERE month < ?').run(new Date(now - 32 * DAY_MS).toISOString().slice(0, 7));
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.timer) this.flush();
    this.db.close();
  }
}
