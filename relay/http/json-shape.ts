/**
 * Deeper than any record of the service (an order's line items are 3 levels); deep enough for
 * free-form `event` objects.
 */
export const MAX_JSON_DEPTH = 32;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The deepest nesting of a JSON text, scanned without parsing (strings skipped). Checked before
 * `JSON.parse`: a deeply nested value parses fine but overflows the stack of every recursive
 * walk after it (`JSON.stringify`, the schema check).
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) deepest = Math.max(deepest, ++depth);
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return deepest;
}

/**
 * Whether a parsed JSON value nests deeper than `max`. V8's `JSON.parse` is iterative and takes any
 * depth; what walks the value after it recurses, so the depth is checked on the value: its objects
 * and arrays, a few dozen in a `/collect` batch, instead of every character of the text (the scan
 * was 3 % of ingest at 10 events a request). Recursive: the walk stops `max` levels
 * down, so it never goes deeper than that, and it allocates nothing.
 */
export function nestsDeeperThan(value: unknown, max: number, depth = 0): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (depth + 1 > max) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (nestsDeeperThan(item, max, depth + 1)) return true;
    return false;
  }
  for (const key in value) if (nestsDeeperThan((value as Record<string, unknown>)[key], max, depth + 1)) return true;
  return false;
}

/**
 * A number literal too large for a double (`1e309`): JSON.parse makes it Infinity, which
 * JSON.stringify writes as null.
 */
const HUGE_EXPONENT = /\d[eE]\+?\d{3,}/;

/** Whether `parseFiniteJson` will walk the value with a reviver, which recurses like every walk after the parse. */
export function needsReviver(text: string): boolean {
  return HUGE_EXPONENT.test(text);
}

/** Parses, refusing numbers that are not finite: nothing accepted may change on its way to the service. */
export function parseFiniteJson(text: string): unknown {
  if (!needsReviver(text)) return JSON.parse(text);
  return JSON.parse(text, (_key, value: unknown) => {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError('a number is out of range');
    return value;
  });
}
