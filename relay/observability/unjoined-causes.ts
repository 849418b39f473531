import type { OrderChannel, OrderOrigin } from '../shared/order-channel.js';
import type { PlatformCoverage, UnjoinedCause } from './coverage-report.js';

/** What each cause means to a merchant, and what to do about it. */
export const CAUSE_TEXT: Record<UnjoinedCause, string> = {
  bot: "its Order Completed came from a browser the relay judged a bot (dropped, never billed): a test or monitoring run, or a shopper's browser flagged as automated",
  'claimed only':
    "only a browser claimed it, without the shop's proof for the order (Shopify's pixel, a purchase without order_proof)",
  'nothing heard':
    'no event reached the relay from the shop in its hour or the hour before: the plugin, module or pixel off, or its calls not reaching the relay',
  unknown:
    'the shop was sending, no Order Completed named it: consent refused (nothing is sent then, so the relay cannot tell), the shopper judged a bot earlier (_sb_bot), or the order placed without the plugin, module or pixel',
};

/** Short names of the causes for one line: `2 bot, 1 nothing heard`. */
export function causeCounts(causes: Record<string, UnjoinedCause>): Partial<Record<UnjoinedCause, number>> {
  const counts: Partial<Record<UnjoinedCause, number>> = {};
  for (const cause of Object.values(causes)) counts[cause] = (counts[cause] ?? 0) + 1;
  return counts;
}

export const countsLine = (counts: Partial<Record<string, number>>): string =>
  Object.entries(counts)
    .map(([name, n]) => `${n} ${name}`)
    .join(', ');

/** An order made elsewhere, as the shop said: `back office (created_via admin)`. */
export const channelText = (c: OrderChannel): string => (c.said ? `${c.madeBy} (${c.said})` : c.madeBy);

/** The orders left out of the share, per origin: `3 back office, 1 API`; empty when none. */
export function elsewhereLine(p: Pick<PlatformCoverage, 'madeElsewhere'>): string {
  return countsLine(p.madeElsewhere as Partial<Record<OrderOrigin, number>>);
}
