import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { parseRetryAfter } from '../shared/retry-after.js';
import { parseExactJson, stringifyBody } from '../shared/exact-json.js';
import { fields, list, textOf } from './mapping.js';
import { PlatformApiError } from './platform-api-error.js';

export interface PlatformResponse {
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export interface PlatformClientOptions {
  /** Tries of one page that fails (network, 5xx) before the backfill stops. @default 5 */
  attempts?: number;
  /** Waits between tries, and what a 429 asks for. @default timers/promises setTimeout */
  wait?: (ms: number) => Promise<unknown>;
  /** Named in messages: "WooCommerce", "Shopify". */
  platform: string;
  /**
   * A platform's answers that trying again will not mend, as the sentence to stop with (a disabled
   * PrestaShop Webservice answers 503); undefined for any other answer.
   */
  permanentFailure?: (status: number, text: string) => string | undefined;
}

/** A page to ask for again, after `retryInMs`. */
interface Retry {
  retryInMs: number;
  problem: string;
  rateLimited: boolean;
}

/**
 * What a platform said in an error answer, by its code where it gives one: WooCommerce's
 * `{"code","message"}`, Shopify's `{"errors":"…"}`, PrestaShop's `{"errors":[{"code","message"}]}`.
 */
function platformError(text: string): string {
  try {
    const body = fields(JSON.parse(text));
    const first = typeof body['errors'] === 'string' ? { message: body['errors'] } : fields(list(body['errors'])[0]);
    const said = body['code'] !== undefined ? body : first;
    return [textOf(said['code'] ?? ''), textOf(said['message'] ?? '')].filter(Boolean).join(': ').slice(0, 200);
  } catch {
    return '';
  }
}

/** The URL without its query, for messages (a query may carry a cursor, never a secret, but it is noise). */
const shown = (url: string) => url.split('?')[0] ?? url;

/**
 * Calls a platform's JSON API: retries a failed call with backoff and waits out a 429 for its
 * `Retry-After` (Shopify's GraphQL cost throttling is `ShopifyGraphql`'s). Bodies are parsed
 * without rounding 64-bit ids.
 */
export class PlatformClient {
  private readonly attempts: number;
  private readonly wait: (ms: number) => Promise<unknown>;

  constructor(private readonly options: PlatformClientOptions) {
    this.attempts = options.attempts ?? 5;
    this.wait = options.wait ?? ((ms) => sleep(ms));
  }

  get(url: string, headers: Record<string, string>): Promise<PlatformResponse> {
    return this.call('GET', url, headers);
  }

  /** A JSON body sent with `method` (webhook subscriptions, GraphQL), with the same retries as a page. */
  send(method: 'POST' | 'PUT', url: string, headers: Record<string, string>, body: unknown): Promise<PlatformResponse> {
    return this.call(method, url, { ...headers, 'content-type': 'application/json' }, stringifyBody(body));
  }

  private async call(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<PlatformResponse> {
    const tries = { failed: 0, limited: 0 };
    for (;;) {
      const outcome = await this.try(method, url, headers, body).catch((error: unknown): Retry => {
        if (error instanceof PlatformApiError) throw error;
        return {
          retryInMs: 500 * 2 ** tries.failed,
          problem: String((error as Error).message ?? error),
          rateLimited: false,
        };
      });
      if ('body' in outcome) return outcome;
      // A 429 is the platform pacing us, not failing: it gets ten times the budget of a failure.
      const spent = outcome.rateLimited ? ++tries.limited / 10 : ++tries.failed;
      if (spent >= this.attempts)
        throw new PlatformApiError(
          `${this.options.platform} did not answer ${shown(url)} after ${tries.failed + tries.limited} tries: ${outcome.problem}`,
        );
      await this.wait(outcome.retryInMs);
    }
  }

  private async try(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<PlatformResponse | Retry> {
    const response = await request(url, {
      method: method as 'GET',
      headers: { accept: 'application/json', ...headers },
      ...(body === undefined ? {} : { body }),
      headersTimeout: 30_000,
      bodyTimeout: 60_000,
    });
    const text = await response.body.text();
    const retry = this.failure(response.statusCode, String(response.headers['retry-after'] ?? ''), text, url);
    if (retry) return retry;
    try {
      return { body: parseExactJson(text), headers: response.headers };
    } catch {
      throw new PlatformApiError(
        `${this.options.platform} sent a page that is not JSON (${shown(url)}): is the URL the shop's?`,
      );
    }
  }

  /** A status other than 2xx: a retry (429, 5xx), or a `PlatformApiError` that no retry mends. */
  private failure(status: number, retryAfter: string, text: string, url: string): Retry | undefined {
    if (status === 429)
      return { retryInMs: parseRetryAfter(retryAfter, Date.now()) ?? 2_000, problem: '429', rateLimited: true };
    const permanent = this.options.permanentFailure?.(status, text);
    if (permanent) throw new PlatformApiError(permanent, status);
    if (status >= 500) return { retryInMs: 1_000, problem: `status ${status}`, rateLimited: false };
    if (status === 401 || status === 403) {
      const said = platformError(text);
      throw new PlatformApiError(
        `${this.options.platform} refused the credentials (${status}${said ? ` ${said}` : ''} for ${shown(url)}): check the key or token and its permissions`,
        status,
      );
    }
    if (status < 200 || status >= 300)
      throw new PlatformApiError(`${this.options.platform} answered ${status} for ${shown(url)}`, status);
    return undefined;
  }
}
