import { setTimeout as sleep } from 'node:timers/promises';
import { fields, list, textOf } from '../mapping.js';
import { PlatformApiError } from '../platform-api-error.js';
import type { PlatformClient, PlatformResponse } from '../platform-client.js';
import { shopOrigin, type ShopifyApiSettings } from './shopify-settings.js';
import { ShopifyWithheld } from './shopify-withheld.js';

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

const throttled = (body: Record<string, unknown>) =>
  list(body['errors']).some((e) => fields(fields(e)['extensions'])['code'] === 'THROTTLED');

/**
 * Shopify's GraphQL Admin API, at one version. It is throttled by query cost (a leaky bucket of
 * points): an answer `THROTTLED` is waited out for the points it lacks, and after each answer the
 * next query waits while the bucket holds less than the last one cost. A 401 renews a minted
 * token once; fields withheld for protected customer data are noted, not fatal.
 */
export class ShopifyGraphql {
  private readonly url: string;
  private lastCost = 0;
  private readonly notes: string[] = [];
  private versionChecked = false;
  readonly withheld = new ShopifyWithheld();

  constructor(
    private readonly client: PlatformClient,
    private readonly settings: ShopifyApiSettings,
    private readonly wait: (ms: number) => Promise<unknown> = (ms) => sleep(ms),
  ) {
    this.url = `${shopOrigin(settings.shop)}/admin/api/${settings.apiVersion}/graphql.json`;
  }

  async query(query: string, variables: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await this.post(query, variables);
      this.checkVersion(answer.headers);
      const body = fields(answer.body);
      const cost = costOf(body);
      if (throttled(body) && attempt < 10) {
        await this.wait(
          cost ? Math.ceil((Math.max(cost.requested - cost.available, 1) / cost.restoreRate) * 1000) : 1000,
        );
        continue;
      }
      const errors = this.withheld
        .take(list(body['errors']), body['data'] !== null && body['data'] !== undefined)
        .map((e) => textOf(fields(e)['message'] ?? e));
      if (errors.length > 0) throw new PlatformApiError(`Shopify refused a query: ${errors.slice(0, 3).join('; ')}`);
      await this.pace(cost);
      return fields(body['data']);
    }
  }

  /** What the relay should say once: a version Shopify did not serve, fields it withheld in the last sweep. */
  drainNotes(): string[] {
    const withheld = this.withheld.drain();
    return [...this.notes.splice(0), ...(withheld ? [withheld] : [])];
  }

  /** One call, with the token renewed and the call made again once when Shopify refuses it. */
  private async post(query: string, variables: Record<string, unknown>): Promise<PlatformResponse> {
    const token = await this.settings.token.current();
    try {
      return await this.client.send('POST', this.url, { 'x-shopify-access-token': token }, { query, variables });
    } catch (error) {
      if (!(error instanceof PlatformApiError && error.status === 401 && this.settings.token.refused(token)))
        throw error;
      return this.client.send(
        'POST',
        this.url,
        { 'x-shopify-access-token': await this.settings.token.current() },
        { query, variables },
      );
    }
  }

  /** Shopify serves a retired version as its oldest supported one, silently but for this header. */
  private checkVersion(headers: PlatformResponse['headers']): void {
    const served = headers['x-shopify-api-version'];
    if (this.versionChecked || typeof served !== 'string') return;
    this.versionChecked = true;
    if (served !== this.settings.apiVersion)
      this.notes.push(
        `Shopify answered with Admin API version ${served}, not ${this.settings.apiVersion} as asked (retired or unknown): set SHOPBEACON_SHOPIFY_API_VERSION to a supported version and check the mapping against it`,
      );
  }

  /** Waits, before the next query, for the points the last one cost. */
  private async pace(cost: Cost | undefined): Promise<void> {
    if (!cost) return;
    this.lastCost = Math.max(this.lastCost, cost.requested);
    if (cost.available < this.lastCost)
      await this.wait(Math.ceil(((this.lastCost - cost.available) / cost.restoreRate) * 1000));
  }
}

/**
 * The digits of a global id (`gid://shopify/Order/820982911946154508`), exact: as a number when
 * safe, else a `bigint`.
 */
export function legacyId(gid: unknown): number | bigint | undefined {
  const digits = /\/(\d{1,19})(?:\?.*)?$/.exec(textOf(gid ?? ''))?.[1];
  if (!digits) return undefined;
  return Number.isSafeInteger(Number(digits)) ? Number(digits) : BigInt(digits);
}
