import { setTimeout as sleep } from 'node:timers/promises';
import { fields, list, textOf } from '../mapping.js';
import { PlatformApiError } from '../platform-api-error.js';
import type { PlatformClient } from '../platform-client.js';
import { SHOPIFY_API_VERSION, shopOrigin, type ShopifyApiSettings } from './shopify-settings.js';

/** `extensions.cost` of an answer: what the query cost and what the bucket holds now. */
interface Cost {
  requested: number;
  available: number;
  restoreRate: number;
}

function costOf(body: Record<string, unknown>): Cost | undefined {
  const cost = fields(fields(body['extensions'])['cost']);
  const status = fields(cost['throttleStatus']);
  const available = Number(status['currentlyAvailable']);
  const restoreRate = Number(status['restoreRate']);
  if (!Number.isFinite(available) || !(restoreRate > 0)) return undefined;
  return { requested: Number(cost['requestedQueryCost']) || 0, available, restoreRate };
}

const throttled = (body: Record<string, unknown>) => list(body['errors']).some((e) => fields(fields(e)['extensions'])['code'] === 'THROTTLED');

/**
 * Shopify's GraphQL Admin API, pinned to one version. It is throttled by query cost (a leaky bucket
 * of points): an answer `THROTTLED` is waited out for the points it lacks, and after each answer
 * the next query waits while the bucket holds less than the last one cost.
 */
export class ShopifyGraphql {
  private readonly url: string;
  private lastCost = 0;

  constructor(
    private readonly client: PlatformClient,
    private readonly settings: ShopifyApiSettings,
    private readonly wait: (ms: number) => Promise<unknown> = (ms) => sleep(ms),
  ) {
    this.url = `${shopOrigin(settings.shop)}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
  }

  async query(query: string, variables: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    for (let attempt = 0; ; attempt += 1) {
      const { body: raw } = await this.client.send('POST', this.url, { 'x-shopify-access-token': this.settings.adminToken }, { query, variables });
      const body = fields(raw);
      const cost = costOf(body);
      if (throttled(body) && attempt < 10) {
        await this.wait(cost ? Math.ceil((Math.max(cost.requested - cost.available, 1) / cost.restoreRate) * 1000) : 1000);
        continue;
      }
      const errors = list(body['errors']).map((e) => textOf(fields(e)['message'] ?? e));
      if (errors.length > 0) throw new PlatformApiError(`Shopify refused a query: ${errors.slice(0, 3).join('; ')}`);
      await this.pace(cost);
      return fields(body['data']);
    }
  }

  /** Waits, before the next query, for the points the last one cost. */
  private async pace(cost: Cost | undefined): Promise<void> {
    if (!cost) return;
    this.lastCost = Math.max(this.lastCost, cost.requested);
    if (cost.available < this.lastCost) await this.wait(Math.ceil(((this.lastCost - cost.available) / cost.restoreRate) * 1000));
  }
}

/** The digits of a global id (`gid://shopify/Order/820982911946154508`), exact: as a number when safe, else a `bigint`. */
export function legacyId(gid: unknown): number | bigint | undefined {
  const digits = /\/(\d{1,19})(?:\?.*)?$/.exec(textOf(gid ?? ''))?.[1];
  if (!digits) return undefined;
  return Number.isSafeInteger(Number(digits)) ? Number(digits) : BigInt(digits);
}
