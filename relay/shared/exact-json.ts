import { isInteger, isSafeNumber, parse, stringify } from 'lossless-json';

/** A safe number as a number, an integer beyond 2^53 as its exact `bigint`; a number beyond a double is refused. */
function exactNumber(text: string): number | bigint {
  if (isSafeNumber(text)) return Number(text);
  if (isInteger(text)) return BigInt(text);
  const value = Number(text);
  // As `parseFiniteJson`: JSON.stringify would write Infinity as null.
  if (!Number.isFinite(value)) throw new RangeError(`number out of range: ${text.slice(0, 40)}`);
  return value;
}

/**
 * Parses JSON without losing an id's digits: Shopify ids go up to 2^63 (such as
 * 820982911946154508), and `JSON.parse` on Node 20 rounds them to the nearest double with no way
 * to see the number's source text. lossless-json reads that text; integers past 2^53 stay exact
 * as `bigint`.
 */
export function parseExactJson(text: string): unknown {
  return parse(text, null, exactNumber);
}

/**
 * A record body as the JSON text the service gets. `JSON.stringify` for the usual body; a body
 * holding a `bigint` goes through lossless-json, which writes its digits as a JSON number.
 */
export function stringifyBody(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    if (!holdsBigInt(body)) throw error;
    return stringify(body) as string;
  }
}

/**
 * Whether a JSON value holds a `bigint` anywhere: what `JSON.stringify` cannot write (decided by
 * type, not by V8's message).
 */
function holdsBigInt(value: unknown, seen = new WeakSet<object>()): boolean {
  if (typeof value === 'bigint') return true;
  // A cycle holds no bigint JSON could write: JSON.stringify's own error is then the one to throw.
  if (typeof value !== 'object' || value === null || seen.has(value)) return false;
  seen.add(value);
  return Object.values(value).some((item) => holdsBigInt(item, seen));
}
