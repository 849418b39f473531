import { Pool } from 'undici';
import type { ServicePath } from '../contract/kinds.js';

export interface UpstreamAnswer {
  status: number;
  body: string;
  retryAfter: string | undefined;
}

export interface UpstreamClientOptions {
  baseUrl: string;
  token: string;
  /** Connections kept alive to the service. */
  connections: number;
  /** Per-request limit for the answer's headers and body, in milliseconds. */
  timeoutMs: number;
}

/**
 * Keep-alive HTTP to the service. The host and the path prefix come only from the configured base
 * URL, and the only header besides the content type is the bearer token: no input can change them.
 */
export class UpstreamClient {
  private readonly pool: Pool;
  private readonly prefix: string;
  private readonly headers: Record<string, string>;

  constructor(options: UpstreamClientOptions) {
    const base = new URL(options.baseUrl);
    this.prefix = base.pathname.replace(/\/+$/, '');
    this.pool = new Pool(base.origin, {
      connections: options.connections,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      keepAliveTimeout: 4_000,
    });
    this.headers = { 'content-type': 'application/json', authorization: `Bearer ${options.token}` };
  }

  async post(path: ServicePath, body: string, signal?: AbortSignal): Promise<UpstreamAnswer> {
    const response = await this.pool.request({ method: 'POST', path: this.prefix + path, headers: this.headers, body, signal });
    const text = await response.body.text();
    const retryAfter = response.headers['retry-after'];
    return { status: response.statusCode, body: text, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter };
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  destroy(): Promise<void> {
    return this.pool.destroy();
  }
}
