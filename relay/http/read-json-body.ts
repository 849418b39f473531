import getRawBody from 'raw-body';
import type { Context } from 'koa';
import { HttpError } from './http-error.js';
import { parseExactJson } from '../shared/exact-json.js';
import { jsonDepth, MAX_JSON_DEPTH, needsReviver, nestsDeeperThan, parseFiniteJson } from './json-shape.js';

interface ReadJsonBodyOptions {
  /** Largest body accepted, in bytes; above it the answer is 413 before the rest is read. */
  limit: number;
  /** Media types accepted (without parameters); others get 415. */
  types: readonly string[];
  /**
   * Integers past 2^53 kept exact (as `bigint`) instead of rounded: for bodies that carry 64-bit ids.
   * @default false
   */
  exactIntegers?: boolean;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** 2^53 has 16 digits: a number with fewer is exact as a double. */
const LONG_DIGITS = /\d{16}/;

function mediaType(ctx: Context): string {
  return (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();
}

/** The exact bytes of a body, up to `limit` (413 above it): what a webhook signature is computed over. */
export async function readRawBody(ctx: Context, limit: number): Promise<Buffer> {
  try {
    return await getRawBody(ctx.req, { limit, length: ctx.get('content-length') || undefined });
  } catch (error) {
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') throw new HttpError(413, 'body_too_large', `body is larger than ${limit} bytes`);
    throw new HttpError(400, 'body_unreadable', 'body could not be read');
  }
}

/** Reads a JSON body with a size limit, strict UTF-8 and a clear 4xx for anything else. */
export async function readJsonBody(ctx: Context, options: ReadJsonBodyOptions): Promise<unknown> {
  const type = mediaType(ctx);
  if (!options.types.includes(type)) {
    throw new HttpError(415, 'unsupported_media_type', `content-type must be one of ${options.types.join(', ')}`);
  }
  const raw = await readRawBody(ctx, options.limit);
  let text: string;
  try {
    text = strictUtf8.decode(raw);
  } catch {
    throw new HttpError(400, 'invalid_utf8', 'body is not valid UTF-8');
  }
  // Only a body with 16 digits in a row can hold an integer past 2^53: the others take the native parser.
  const exact = options.exactIntegers === true && LONG_DIGITS.test(text);
  // lossless-json parses recursively, as does a reviver, so their text is scanned first; V8's
  // parser is iterative, so its value is walked after.
  const scanFirst = exact || needsReviver(text);
  if (scanFirst && jsonDepth(text) > MAX_JSON_DEPTH) throw tooDeep();
  let value: unknown;
  try {
    value = exact ? parseExactJson(text) : parseFiniteJson(text);
  } catch (error) {
    if (error instanceof RangeError)
      throw new HttpError(400, 'number_out_of_range', 'body holds a number too large for a double (such as 1e309)');
    throw new HttpError(400, 'invalid_json', 'body is not valid JSON');
  }
  if (!scanFirst && nestsDeeperThan(value, MAX_JSON_DEPTH)) throw tooDeep();
  return value;
}

const tooDeep = () => new HttpError(400, 'too_deep', `body nests deeper than ${MAX_JSON_DEPTH} levels`);
