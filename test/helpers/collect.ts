import { request } from 'undici';
import { BROWSER_UA } from './relay-harness.js';

export interface CollectAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

/**
 * Posts to `/collect` as the snippet does: `text/plain`, a browser User-Agent, unless told otherwise.
 * Through undici's `request`, not `fetch`: fetch drops `Origin` and `Cookie`, which these tests set.
 */
export async function collect(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<CollectAnswer> {
  const response = await request(`${url}/collect`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER_UA, ...headers },
    body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
  const text = await response.body.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    for (const v of Array.isArray(value) ? value : [value ?? '']) responseHeaders.append(name, v);
  }
  return { status: response.statusCode, headers: responseHeaders, body: parsed, text };
}

let counter = 0;

/** A browser event as the snippet sends it, with a fresh `event_id` and a sequence number to find it by. */
export function browserEvent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    event_name: 'Added To Cart',
    event: {
      product_id: 501,
      name: 'Mug',
      price: 19.9,
      currency: 'EUR',
      quantity: 1,
      url: 'https://shop.test/p/501',
      seq: counter,
    },
    event_id: `evt-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}`,
    ...overrides,
  };
}

/** The event the mock service received for a `browserEvent`, found by its sequence number. */
export function deliveredEvent(
  mock: { records(kind: 'events'): unknown[] },
  sent: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const seq = (sent['event'] as { seq: number }).seq;
  return mock.records('events').find((e) => (e as { event: { seq?: number } }).event.seq === seq) as
    Record<string, unknown> | undefined;
}
