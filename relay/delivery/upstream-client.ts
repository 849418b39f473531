import { Pool } from 'undici';
import type { RelayConfig } from '../config/relay-config.js';
import type { ServicePath } from '../contract/kinds.js';

export interface UpstreamAnswer {
  status: number;
  body: string;
  retryAfter: string | undefined;
  /** The answer's `Date`: the service's clock (`shared/service-clock.ts`). */
  date?: string | undefined;
}

/**
 * The service, its token, and the settings rows the calls read, by the rows' own names: connections
 * kept alive (`deliveryConcurrency`) and each call's limit for headers and body (`deliveryTimeoutMs`).
 */
export type UpstreamClientOptions = { baseUrl: string; token: string } & Pick<
  RelayConfig,
  'deliveryConcurrency' | 'deliveryTimeoutMs'
>;

/** What of the relay's settings a service client keeps: its thread gets these, not every secret of the config. */
export function upstreamOptionsOf(settings: UpstreamClientOptions): UpstreamClientOptions {
  const { baseUrl, token, deliveryConcurrency, deliveryTimeoutMs } = settings;
  return { baseUrl, token, deliveryConcurrency, deliveryTimeoutMs };
}

/**
 * Calls to the service as delivery makes them: on this loop (`UpstreamClient`) or its own thread
 * (`ThreadedUpstreamClient`).
 */
export interface Upstream {
  post(path: ServicePath, body: string): Promise<UpstreamAnswer>;
  /** Waits for calls in flight, then closes the connections. */
  close(): Promise<void>;
  /** Ends every connection now: calls in flight fail. */
  destroy(): Promise<void>;
}

/**
 * Keep-alive HTTP to the service. The host and the path prefix come only from the configured base
 * URL, and the only header besides the content type is the bearer token: no input can change them.
 */
export class UpstreamClient implements Upstream {
  private readonly pool: Pool;
  private readonly prefix: string;
  private readonly headers: Record<string, string>;
  private destroyed = false;

  constructor(options: UpstreamClientOptions) {
    const base = new URL(options.baseUrl);
    this.prefix = base.pathname.replace(/\/+$/, '');
    this.pool = new Pool(base.origin, {
      connections: options.deliveryConcurrency,
      // Connecting is bounded too (undici's own default is 10 s): a call's time stays within a
      // few timeouts, below a Streams claim's lease of three.
      connect: { timeout: options.deliveryTimeoutMs },
      headersTimeout: options.deliveryTimeoutMs,
      bodyTimeout: options.deliveryTimeoutMs,
      keepAliveTimeout: 4_000,
    });
    this.headers = { 'content-type': 'application/json', authorization: `Bearer ${options.token}` };
  }

  /**
   * No per-call `AbortSignal`: undici adds and removes a listener on it for every call, 3 % of the
   * delivery profile at 0 ms. Calls still in flight are abandoned with `destroy`.
   */
  async post(path: ServicePath, body: string): Promise<UpstreamAnswer> {
    const response = await this.pool.request({ method: 'POST', path: this.prefix + path, headers: this.headers, body });
    const text = await response.body.text();
    const { 'retry-after': retryAfter, date } = response.headers;
    return {
      status: response.statusCode,
      body: text,
      retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
      date: Array.isArray(date) ? date[0] : date,
    };
  }

  /** Waits for calls in flight, then closes the connections; after `destroy` there is nothing to wait for. */
  close(): Promise<void> {
    return this.destroyed ? Promise.resolve() : this.pool.close();
  }

  /** Ends every connection now: calls in flight fail (their records stay queued). */
  destroy(): Promise<void> {
    if (this.destroyed) return Promise.resolve();
    this.destroyed = true;
    return this.pool.destroy();
  }
}
