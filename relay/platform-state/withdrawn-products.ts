import type { RecordEvents } from '../pipeline/record-events.js';
import type { PlatformState } from './platform-state.js';

/** A product the service was sent that the shop no longer sells. */
export interface WithdrawnProduct {
  platform: string;
  productId: string;
  /** The platform's state, as the mapping words it: `inactive`, `status draft`, … */
  reason: string;
  at: number;
}

const SCOPE = 'withdrawn:product';
const KEPT = 50;

/**
 * The products withdrawn from sale after they were sent. The service's API cannot remove a
 * product, so its catalog keeps one the shop deactivated, and may recommend a page that answers
 * 404 (nothing was sent, and nothing told the merchant). Each withdrawal is noticed once,
 * kept across restarts with the platform state, and noticed again only after the product was
 * delivered since (sold again, then withdrawn again). The last 50 are on `/stats`.
 */
export class WithdrawnProducts {
  private readonly kept: WithdrawnProduct[] = [];

  constructor(
    private readonly state: Pick<PlatformState, 'delivered' | 'recall' | 'remember'>,
    events: RecordEvents,
  ) {
    // Sold again: a later withdrawal is news again.
    events.subscribe((step) => {
      if (step.state === 'delivered' && step.kind === 'product' && step.key !== undefined)
        void Promise.resolve(this.state.remember(SCOPE, new Map([[step.key, '']]))).catch(() => undefined);
    });
  }

  /** The withdrawals among these that are news: products delivered before, not noticed since. */
  async notice(
    platform: string,
    withdrawals: readonly { productId: string; reason: string }[],
    now = Date.now(),
  ): Promise<WithdrawnProduct[]> {
    const ids = [...new Set(withdrawals.map((w) => w.productId))];
    if (ids.length === 0) return [];
    const sent = await this.state.delivered('product', ids);
    const noticed = await this.state.recall(SCOPE, [...sent]);
    const fresh = new Map<string, WithdrawnProduct>();
    for (const { productId, reason } of withdrawals) {
      if (sent.has(productId) && !noticed.get(productId))
        fresh.set(productId, { platform, productId, reason, at: now });
    }
    if (fresh.size === 0) return [];
    await this.state.remember(SCOPE, new Map([...fresh.keys()].map((id) => [id, String(now)])));
    this.kept.push(...fresh.values());
    this.kept.splice(0, Math.max(0, this.kept.length - KEPT));
    return [...fresh.values()];
  }

  /** The last withdrawals noticed by this relay, oldest first. */
  recent(): WithdrawnProduct[] {
    return [...this.kept];
  }
}

/** The log line that tells the merchant, naming what to do. */
export function withdrawnMessage(w: WithdrawnProduct, label: string): string {
  return `${label} product ${w.productId} was sent to the service and is no longer for sale (${w.reason.split(':')[0]}): the service's catalog keeps it, since its API has no way to remove a product, and may recommend it; sell it again, or point its page somewhere rather than a 404`;
}
