import type { OrderChannel } from '../shared/order-channel.js';

/** An order a platform's way in (webhook, sync, backfill) or the mirror handed to the outbox. */
export interface OrderSeen {
  platform: string;
  orderId: string;
  /** When the shop made it (its `date_created_gmt`), else when the relay first saw it, in epoch ms. */
  createdAt: number;
  channel?: OrderChannel;
}

/** An `Order Completed` the relay accepted: one row per event it sends. */
export interface CompletionSeen {
  orderId: string;
  userId: string;
  /** When it happened (its `datetime`), in epoch ms. */
  at: number;
}

/** An order id as JSON gives it: a number while exact, else its digits. */
export type OrderId = number | string;

/** One platform's orders of the window against the `Order Completed` events the relay sent. */
export interface PlatformCoverage {
  orders: number;
  /** Orders made on the storefront (those the shop said were made elsewhere left out): the share's base. */
  storefrontOrders: number;
  joined: number;
  /** `joined` of `storefrontOrders`, 0 to 1; null without storefront orders. */
  joinedShare: number | null;
  unjoined: OrderId[];
  /** What the shop says of each unjoined order: made elsewhere (`madeBy`), paid how. */
  unjoinedChannels: Record<string, OrderChannel>;
  duplicated: OrderId[];
  /** `Order Completed` events naming an order no platform sent the relay. */
  unmatched: OrderId[];
}

/**
 * A month's billed visitors, and how many of them were one shopper under an earlier id (identified
 * later in a session).
 */
export interface MonthVisitors {
  billed: number;
  identifiedLater: number;
}

export interface CoverageReport {
  since: string;
  platforms: Record<string, PlatformCoverage>;
  visitors?: Record<string, MonthVisitors>;
}

/** The months of `billed` (the visitor count) with their visitors identified later. */
export function monthVisitors(
  billed: Record<string, number>,
  identifiedLater: Record<string, number>,
): Record<string, MonthVisitors> {
  const months = [...new Set([...Object.keys(billed), ...Object.keys(identifiedLater)])].sort();
  return Object.fromEntries(
    months.map((m) => [m, { billed: billed[m] ?? 0, identifiedLater: identifiedLater[m] ?? 0 }]),
  );
}

const asOrderId = (id: string): OrderId => (Number.isSafeInteger(Number(id)) ? Number(id) : id);

function platformCoverage(orders: OrderSeen[], completions: Map<string, number>): PlatformCoverage {
  const storefront = orders.filter((o) => o.channel?.madeBy === undefined);
  const joined = storefront.filter((o) => completions.has(o.orderId));
  const unjoined = orders.filter((o) => !completions.has(o.orderId));
  return {
    orders: orders.length,
    storefrontOrders: storefront.length,
    joined: joined.length,
    joinedShare: storefront.length === 0 ? null : Math.round((joined.length / storefront.length) * 1000) / 1000,
    unjoined: unjoined.map((o) => asOrderId(o.orderId)),
    unjoinedChannels: Object.fromEntries(unjoined.flatMap((o) => (o.channel ? [[o.orderId, o.channel]] : []))),
    duplicated: orders.filter((o) => (completions.get(o.orderId) ?? 0) > 1).map((o) => asOrderId(o.orderId)),
    unmatched: [],
  };
}

/**
 * The coverage of the orders made since `since`: per platform, which are joined to a visitor by an
 * `Order Completed` naming them (at any time the relay remembers), which came more than once, and
 * which `Order Completed` of the window name an order no platform sent. Those are the single
 * platform's when the relay has one, else `unknown`'s.
 */
export function coverageReport(
  orders: readonly OrderSeen[],
  completions: readonly CompletionSeen[],
  since: number,
  platforms: readonly string[],
): CoverageReport {
  const counts = new Map<string, number>();
  for (const c of completions) counts.set(c.orderId, (counts.get(c.orderId) ?? 0) + 1);
  const inWindow = orders.filter((o) => o.createdAt >= since);
  const names = [...new Set([...platforms, ...inWindow.map((o) => o.platform)])].sort();
  const report: Record<string, PlatformCoverage> = Object.fromEntries(
    names.map((name) => [
      name,
      platformCoverage(
        inWindow.filter((o) => o.platform === name),
        counts,
      ),
    ]),
  );
  const known = new Set(orders.map((o) => o.orderId));
  const unmatched = [
    ...new Set(completions.filter((c) => c.at >= since && !known.has(c.orderId)).map((c) => c.orderId)),
  ];
  if (unmatched.length > 0) {
    const owner = platforms.length === 1 ? (platforms[0] as string) : 'unknown';
    report[owner] ??= platformCoverage([], counts);
    report[owner].unmatched = unmatched.map(asOrderId);
  }
  return { since: new Date(since).toISOString(), platforms: report };
}
