import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import type { ServicePath } from '../contract/kinds.js';
import type { Order, Product, TrackingEvent } from '../contract/schemas.js';
import { validateOrder, validateProduct, validateTrackingEvent } from '../contract/validate.js';
import { backoffDelay } from '../shared/backoff.js';
import { parseRetryAfter } from '../shared/retry-after.js';
import { stringifyBody } from '../shared/exact-json.js';
import { ClientHttpError, ClientValidationError } from './client-errors.js';

export interface ClientOptions {
  /** The relay (its `/v1` mirror) or the service itself. */
  baseUrl: string;
  /** The relay's admin key, or the service token when talking to the service directly. */
  token: string;
  /**
   * Attempts after the first on 408, 429, 5xx and network errors.
   * @default 5
   */
  retries?: number;
  /**
   * Per-request timeout in milliseconds.
   * @default 30000
   */
  timeoutMs?: number;
  /**
   * The way in the relay's debugger shows for these records (`Shopbeacon-Source`, `Shopbeacon-Platform`
   * headers): an import or a platform's backfill posting through the mirror. Ignored by the service.
   * @default undefined (shown as the mirror)
   */
  origin?: { source: 'import' | 'backfill'; platform?: string };
}

export interface ClientAnswer {
  status: number;
  body: unknown;
}

const RETRYABLE = (status: number) => status === 408 || status === 429 || status >= 500;

/** Every call's headers: the token, and where the records come from when a job sends them. */
function headersOf({ token, origin }: ClientOptions): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  if (origin) headers['shopbeacon-source'] = origin.source;
  if (origin?.platform) headers['shopbeacon-platform'] = origin.platform;
  return headers;
}

/** A typed client for the relay's mirror or the service: validates first, retries what may succeed later. */
export function createClient(options: ClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const dispatcher = new Agent({
    headersTimeout: options.timeoutMs ?? 30_000,
    bodyTimeout: options.timeoutMs ?? 30_000,
  });
  const headers = headersOf(options);

  async function attempt(
    path: ServicePath,
    body: string,
  ): Promise<{ status: number; text: string; retryAfter?: string }> {
    const response = await request(base + path, { method: 'POST', headers, body, dispatcher });
    const retryAfter = response.headers['retry-after'];
    return {
      status: response.statusCode,
      text: await response.body.text(),
      ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
    };
  }

  async function post(path: ServicePath, payload: unknown): Promise<ClientAnswer> {
    // Shopify ids past 2^53 arrive as `bigint` (backfill --via): written as their exact digits.
    const body = stringifyBody(payload);
    for (let tries = 0; ; tries++) {
      let wait: number;
      try {
        const answer = await attempt(path, body);
        if (answer.status < 300)
          return { status: answer.status, body: answer.text ? (JSON.parse(answer.text) as unknown) : undefined };
        if (!RETRYABLE(answer.status) || tries >= (options.retries ?? 5))
          throw new ClientHttpError(answer.status, answer.text);
        wait = parseRetryAfter(answer.retryAfter, Date.now()) ?? backoffDelay(tries);
      } catch (error) {
        if (error instanceof ClientHttpError || tries >= (options.retries ?? 5)) throw error;
        wait = backoffDelay(tries);
      }
      await sleep(wait);
    }
  }

  function checked<T>(
    validate: (v: unknown) => { ok: true; value: T } | { ok: false; errors: never[] },
    path: ServicePath,
  ) {
    return (record: T): Promise<ClientAnswer> => {
      const result = validate(record);
      if (!result.ok) return Promise.reject(new ClientValidationError(result.errors));
      return post(path, record);
    };
  }

  return {
    uploadOrder: checked<Order>(validateOrder as never, '/v1/orders'),
    uploadProduct: checked<Product>(validateProduct as never, '/v1/products/catalog'),
    track: checked<TrackingEvent>(validateTrackingEvent as never, '/v1/track'),
    /** Up to 500 already-validated records in one call to the relay's mirror; the answer lists each. */
    postBatch: (path: ServicePath, records: unknown[]) => post(path, records),
    close: () => dispatcher.close(),
  };
}

export type ShopbeaconClient = ReturnType<typeof createClient>;
