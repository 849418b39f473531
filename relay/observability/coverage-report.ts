import type { OrderChannel, OrderOrigin } from '../shared/order-channel.js';

/** An order a platform's way in (webhook, sync, backfill) or the mirror handed to the outbox. */
export interface OrderSeen {
  platform: string;
  orderId: string;
  /** When the shop made it (its `date_created_gmt`), else when the relay first saw it, in epoch ms. */
  createdAt: number;
  channel?: OrderChannel;
}

/** An `Order Completed` the relay accepted: one per event it sends. */
export interface CompletionSeen {
  orderId: string;
  userId: string;
  /** When it happened (its `datetime`), in epoch ms. */
  at: number;
  /**
   * The shop spoke for it (its own server, or a browser with the shop's proof for the order): a
   * join. Otherwise a browser's claim, shown apart and joined to nothing.
   */
  proven: boolean;
  /** Dropped as a bot's (its browser's User-Agent, or the one the shop's server named): never joined, but a cause. */
  bot?: boolean;
}

/**
 * Why a storefront order is not joined, as far as the relay knows: its `Order Completed` came
 * from a browser judged a bot; only a browser claimed it, without the shop's proof; no event at
 * all reached the relay from the shop in its hour or the hour before (the plugin, module or pixel
 * off, or its calls lost); or events came and none named it (`unknown`: a refused consent sends
 * nothing, so the relay cannot tell it from an order whose `Order Completed` was never sent).
 */
export type UnjoinedCause = 'bot' | 'claimed only' | 'nothing heard' | 'unknown';

/** An order id as JSON gives it: a number while exact, else its digits. */
export type OrderId = number | string;

/** How many ids each list of a platform's coverage holds at most; its `…Count` says how many there are. */
export const LISTED_IDS = 100;

/** One platform's orders of the window against the `Order Completed` events the relay sent. */
export interface PlatformCoverage {
  orders: number;
  /** Orders made on the storefront (those the shop said were made elsewhere left out): the share's base. */
  storefrontOrders: number;
  /** Storefront orders the shop's own `Order Completed` names (its server's, or a browser's with its proof). */
  joined: number;
  /** `joined` of `storefrontOrders`, 0 to 1; null without storefront orders. */
  joinedShare: number | null;
  /** The first `LISTED_IDS` storefront orders not joined, oldest first. */
  unjoined: OrderId[];
  unjoinedCount: number;
  /** Why each unjoined order listed is not joined, as far as the relay knows. */
  unjoinedCauses: Record<string, UnjoinedCause>;
  /** Storefront orders not joined that a browser's `Order Completed` without the shop's proof names: claimed, never joined. */
  claimed: number;
  /** Orders the shop says were made elsewhere than its storefront, per origin: out of the share. */
  madeElsewhere: Partial<Record<OrderOrigin, number>>;
  /** The first `LISTED_IDS` of them, oldest first, with what the shop said. */
  madeElsewhereOrders: Record<string, OrderChannel>;
  /** The first `LISTED_IDS` orders whose proven `Order Completed` came more than once. */
  duplicated: OrderId[];
  duplicatedCount: number;
  /** The first `LISTED_IDS` proven `Order Completed` naming an order no platform sent. */
  unmatched: OrderId[];
  unmatchedCount: number;
  /** Times an order of the window came when the month's cap of orders kept for the platform was reached: in no figure above. */
  ordersNotKept: number;
}

/**
 * A month's billed visitors, and how many of them were one shopper under an earlier id (identified
 * later in a session).
 */
export interface MonthVisitors {
  billed: number;
  identifiedLater: number;
  /** Sessions the month's cap left unnoted: `identifiedLater` may miss some of theirs. */
  sessionsNotKept: number;
}

export interface CoverageReport {
  since: string;
  platforms: Record<string, PlatformCoverage>;
  /** `Order Completed` events of the window from browsers without the shop's proof for their order. */
  unprovenClaims: number;
  /** Proven `Order Completed` events of the window past the month's cap: their orders may show unjoined. */
  completionsNotKept: number;
  visitors?: Record<string, MonthVisitors>;
}

/** The months of `billed` (the visitor count) with their visitors identified later and sessions not noted. */
export function monthVisitors(
  billed: Record<string, number>,
  identifiedLater: Record<string, number>,
  sessionsNotKept: Record<string, number> = {},
): Record<string, MonthVisitors> {
  const months = [
    ...new Set([...Object.keys(billed), ...Object.keys(identifiedLater), ...Object.keys(sessionsNotKept)]),
  ].sort();
  return Object.fromEntries(
    months.map((m) => [
      m,
      { billed: billed[m] ?? 0, identifiedLater: identifiedLater[m] ?? 0, sessionsNotKept: sessionsNotKept[m] ?? 0 },
    ]),
  );
}

const asOrderId = (id: string): OrderId => (Number.isSafeInteger(Number(id)) ? Number(id) : id);

/** One platform's counts of the window, as the coverage store keeps them, and the first ids of its lists. */
export interface PlatformFigures {
  orders: number;
  storefront: number;
  joined: number;
  unjoined: number;
  claimed: number;
  duplicated: number;
  notKept: number;
  unjoinedIds: { orderId: string; cause: UnjoinedCause }[];
  duplicatedIds: string[];
  elsewhere: Partial<Record<OrderOrigin, number>>;
  elsewhereIds: { orderId: string; channel: OrderChannel }[];
}

/** The proven `Order Completed` events naming no order sent: how many, and the first ids. */
export interface UnmatchedFigures {
  count: number;
  ids: string[];
}

const NO_UNMATCHED: UnmatchedFigures = { count: 0, ids: [] };

/** A platform's coverage from its figures. */
export function platformCoverage(f: PlatformFigures, unmatched: UnmatchedFigures = NO_UNMATCHED): PlatformCoverage {
  return {
    orders: f.orders,
    storefrontOrders: f.storefront,
    joined: f.joined,
    joinedShare: f.storefront === 0 ? null : Math.round((f.joined / f.storefront) * 1000) / 1000,
    unjoined: f.unjoinedIds.map((o) => asOrderId(o.orderId)),
    unjoinedCount: f.unjoined,
    unjoinedCauses: Object.fromEntries(f.unjoinedIds.map((o) => [o.orderId, o.cause])),
    claimed: f.claimed,
    madeElsewhere: f.elsewhere,
    madeElsewhereOrders: Object.fromEntries(f.elsewhereIds.map((o) => [o.orderId, o.channel])),
    duplicated: f.duplicatedIds.map(asOrderId),
    duplicatedCount: f.duplicated,
    unmatched: unmatched.ids.map(asOrderId),
    unmatchedCount: unmatched.count,
    ordersNotKept: f.notKept,
  };
}

export const NO_ORDERS: PlatformFigures = {
  orders: 0,
  storefront: 0,
  joined: 0,
  unjoined: 0,
  claimed: 0,
  duplicated: 0,
  notKept: 0,
  unjoinedIds: [],
  duplicatedIds: [],
  elsewhere: {},
  elsewhereIds: [],
};

/**
 * The coverage per platform: each named platform's figures, and the proven `Order Completed`
 * naming no order sent given to the single platform when the relay has one, else to `unknown`.
 */
export function platformsCoverage(
  figures: ReadonlyMap<string, PlatformFigures>,
  unmatched: UnmatchedFigures,
): Record<string, PlatformCoverage> {
  const names = [...figures.keys()].sort();
  const report: Record<string, PlatformCoverage> = Object.fromEntries(
    names.map((name) => [name, platformCoverage(figures.get(name) ?? NO_ORDERS)]),
  );
  if (unmatched.count === 0) return report;
  const owner = names.length === 1 ? (names[0] as string) : 'unknown';
  report[owner] = platformCoverage(figures.get(owner) ?? NO_ORDERS, unmatched);
  return report;
}
