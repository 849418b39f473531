import { boundedDuration, DURATION_EXAMPLES, durationMs } from '../shared/duration.js';
import { isIP } from 'node:net';
/**
 * How the relay reads one setting's text: each returns the value or throws an Error whose message
 * completes "<VARIABLE> (<flag>) …".
 */

export const wholeNumber =
  (min = 0) =>
  (text: string) => {
    if (!/^\d+$/.test(text) || Number(text) < min) throw new Error(`must be a whole number ≥ ${min}`);
    return Number(text);
  };
export const oneOf =
  <const Value extends string>(...values: Value[]) =>
  (text: string): Value => {
    if (!values.includes(text as Value)) throw new Error(`must be ${values.map((v) => `"${v}"`).join(' or ')}`);
    return text as Value;
  };
export const text = (text: string) => text;
export const port = (value: string) => {
  const n = wholeNumber()(value);
  if (n > 65_535) throw new Error('must be a port number (0-65535)');
  return n;
};

/** `value` as a URL of one of `protocols` (without the colon), or an error saying which were expected. */
function urlOf(value: string, protocols: string[]): URL {
  const expected = `must be an absolute ${protocols.join(' or ')} URL`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(expected);
  }
  if (!protocols.includes(url.protocol.slice(0, -1))) throw new Error(expected);
  return url;
}

export function httpUrl(value: string): string {
  const url = urlOf(value, ['http', 'https']);
  if (url.username || url.password || url.search || url.hash)
    throw new Error('must not carry credentials, a query or a fragment');
  return value.replace(/\/+$/, '');
}

export function origins(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((origin) => {
      // A sandboxed iframe's opaque origin, as its requests carry it: Shopify's custom pixel runs in one.
      if (origin === 'null') return origin;
      let url: URL | undefined;
      try {
        url = new URL(origin);
      } catch {
        url = undefined;
      }
      if (!url || url.origin !== origin) throw new Error(`"${origin}" is not an origin such as https://shop.example`);
      return origin;
    });
}

export function token(value: string): string {
  if (!value.trim() || /\s/.test(value)) throw new Error('must be a non-empty token without spaces');
  return value;
}

/** Hosts a platform URL may reach over plain `http://`: a local stand-in, never a real shop. */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** Whether a host name or address (as `HOST` or a URL's hostname gives it) is this machine's loopback. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.test(host) || host === '::1';
}

/**
 * The service's address: `https://`, or `http://` on loopback only (a stand-in): the bearer token
 * travels in every call.
 */
export function serviceUrl(value: string): string {
  const url = urlOf(value, ['http', 'https']);
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname))
    throw new Error(
      'must be an https:// URL (http:// only for a loopback host such as 127.0.0.1): the token would travel in clear',
    );
  return httpUrl(value);
}

/** A key a client presents (the admin key, the ingest key): 32 characters at least, so it cannot be guessed. */
export function accessKey(value: string): string {
  token(value);
  if (value.length < 32)
    throw new Error(
      `must be at least 32 characters (it has ${value.length}), e.g. the output of \`openssl rand -base64 32\`: a short key can be guessed`,
    );
  return value;
}

/** Proxies whose X-Forwarded-* headers are believed: addresses or CIDR ranges, IPv4 or IPv6. */
export function proxyList(value: string): string[] {
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('must name at least one address or range, e.g. 10.0.0.5,192.168.1.0/24');
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    if (family === 0 || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max)))
      throw new Error(`must be addresses or CIDR ranges separated by commas; ${JSON.stringify(entry)} is neither`);
  }
  return entries;
}

/** A shop platform's address: `https://`, or `http://` on a loopback host only (the API key travels in it). */
export function platformUrl(value: string): string {
  const url = urlOf(value, ['http', 'https']);
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname))
    throw new Error('must be an https:// URL (http:// only for a loopback host such as 127.0.0.1)');
  return httpUrl(value);
}

/**
 * How often to do something, or `0` for never, at most a day: Node's timers hold at most 2^31 - 1
 * ms (24.8 days) and fire at once beyond it, and a day is the longest that still means something here.
 */
export function interval(value: string): number {
  if (durationMs(value) === undefined) throw new Error(`must be a duration such as ${DURATION_EXAMPLES}, or 0 for off`);
  return boundedDuration(value, '0', '24h');
}

/** A duration from `min` to `max`, in milliseconds: every unit of every other duration (`relay/shared/duration.ts`). */
export const duration =
  (min: string, max: string) =>
  (value: string): number =>
    boundedDuration(value, min, max);

/** A name that is safe inside a Redis hash tag: no braces, no spaces. */
export function groupName(value: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw new Error('must be 1 to 64 letters, digits, - or _');
  return value;
}

export function redisUrl(value: string): string {
  urlOf(value, ['redis', 'rediss']);
  return value;
}

/** `host:port,host:port`: Redis Sentinels. */
export function hostPorts(value: string): { host: string; port: number }[] {
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0) throw new Error('must list at least one sentinel as host:port');
  return list.map((item) => {
    const match = /^(\[[^\]]+\]|[^:\s]+):(\d{1,5})$/.exec(item);
    if (!match || Number(match[2]) < 1 || Number(match[2]) > 65535) throw new Error(`"${item}" is not host:port`);
    return { host: (match[1] as string).replace(/^\[|\]$/g, ''), port: Number(match[2]) };
  });
}

export const hours = (value: string) => wholeNumber(1)(value) * 3600_000;

export function currencyCode(value: string): string {
  if (!/^[A-Za-z]{3}$/.test(value)) throw new Error('must be a three-letter ISO 4217 code such as EUR');
  return value.toUpperCase();
}
