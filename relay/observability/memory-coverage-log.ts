import type { CompletionSeen, OrderSeen } from './coverage-report.js';
import { COVERAGE_DAYS, type CoverageLog } from './order-coverage.js';

const DAY_MS = 86_400_000;
/** Orders and completions kept at most: the oldest go first, as the window would take them. */
const KEPT = 200_000;

/**
 * The coverage of a relay whose state is all in Redis (`SHOPBEACON_REDIS_URL`): its data directory
 * may be a tmpfs it cannot even write (the compose file's), so what it saw is kept in memory, per
 * relay and until it restarts, bounded as the file's 35 days are.
 */
export class MemoryCoverageLog implements CoverageLog {
  private readonly orders = new Map<string, OrderSeen & { seenAt: number }>();
  private completions: (CompletionSeen & { seenAt: number })[] = [];
  private readonly sessions = new Map<string, number>();
  private readonly since: number;

  constructor(private readonly now: () => number = Date.now) {
    this.since = Math.floor(now() / 1000) * 1000;
  }

  note(orders: OrderSeen[], completions: CompletionSeen[]): void {
    const seenAt = this.now();
    for (const order of orders) {
      const key = `${order.platform}\t${order.orderId}`;
      const channel = order.channel ?? this.orders.get(key)?.channel;
      this.orders.delete(key);
      this.orders.set(key, { ...order, ...(channel ? { channel } : {}), seenAt });
    }
    this.completions.push(...completions.map((c) => ({ ...c, seenAt })));
    this.prune(seenAt);
  }

  noteSession(month: string, sessionId: string, userId: string, at: number): void {
    const key = `${month}\t${sessionId}\t${userId}`;
    const first = this.sessions.get(key);
    if (first === undefined || at < first) this.sessions.set(key, at);
    if (this.sessions.size > KEPT) this.sessions.delete(this.sessions.keys().next().value as string);
  }

  identifiedLater(): Record<string, number> {
    const bySession = new Map<string, { userId: string; at: number }[]>();
    for (const [key, at] of this.sessions) {
      const [month, sessionId, userId] = key.split('\t') as [string, string, string];
      bySession.set(`${month}\t${sessionId}`, [...(bySession.get(`${month}\t${sessionId}`) ?? []), { userId, at }]);
    }
    const counted = new Map<string, Set<string>>();
    for (const [key, seen] of bySession) {
      const month = key.split('\t')[0] as string;
      for (const earlier of seen)
        if (seen.some((later) => later.userId !== earlier.userId && later.at > earlier.at))
          counted.set(month, (counted.get(month) ?? new Set()).add(earlier.userId));
    }
    return Object.fromEntries(
      [...counted].sort(([a], [b]) => a.localeCompare(b)).map(([month, users]) => [month, users.size]),
    );
  }

  read(): { orders: OrderSeen[]; completions: CompletionSeen[]; since: number } {
    this.prune(this.now());
    return {
      orders: [...this.orders.values()].map(({ seenAt: _seenAt, ...order }) => order),
      completions: this.completions.map(({ seenAt: _seenAt, ...completion }) => completion),
      since: this.since,
    };
  }

  close(): void {
    this.orders.clear();
  }

  private prune(now: number): void {
    const before = now - COVERAGE_DAYS * DAY_MS;
    for (const [key, order] of this.orders) {
      if (order.seenAt >= before && this.orders.size <= KEPT) break;
      this.orders.delete(key);
    }
    if (this.completions.length > KEPT || (this.completions[0]?.seenAt ?? now) < before)
      this.completions = this.completions.filter((c) => c.seenAt >= before).slice(-KEPT);
  }
}
