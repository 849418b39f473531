import { fieldError, type FieldError } from '../contract/field-error.js';
import { parseTimestamp } from '../contract/timestamp.js';
import { decodeHTML } from 'entities';
import { DECIMAL_TEXT } from '../shared/decimal-text.js';
import { textOf } from './mapping.js';

/**
 * Reading platform payloads into service fields. Each reader returns the value or undefined,
 * pushing a field error (named by the service field) when a value is there but unusable; a
 * missing required field is left for the contract to name.
 */
export class FieldReader {
  readonly errors: FieldError[] = [];

  /** A decimal amount: platforms send "598.94" (strings) or 55 (numbers); the nearest double is what JSON can carry. */
  amount(value: unknown, field: string): number | undefined {
    if (value === undefined || value === null || value === '') return undefined;
    const text = typeof value === 'number' || typeof value === 'bigint' ? String(value) : value;
    if (typeof text !== 'string' || !DECIMAL_TEXT.test(text.trim()))
      return this.refuse(field, 'bad_format', `must be a decimal amount, got ${JSON.stringify(textOf(value))}`);
    return Number(text.trim());
  }

  /**
   * An id: a safe number, or the exact `bigint` the lossless parser produced; 0 means none
   * (WooCommerce's variation_id).
   */
  id(value: unknown, field: string): number | bigint | undefined {
    if (value === undefined || value === null || value === 0) return undefined;
    if (typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value))) return value;
    if (typeof value === 'string' && /^\d{1,19}$/.test(value))
      return Number.isSafeInteger(Number(value)) ? Number(value) : BigInt(value);
    return this.refuse(field, 'wrong_type', `must be an integer id, got ${JSON.stringify(textOf(value))}`);
  }

  /** A timestamp with or without an offset, as UTC without one: what the service's `*_gmt` fields name. */
  utc(value: unknown, field: string): string | undefined {
    if (value === undefined || value === null || value === '') return undefined;
    const parsed = typeof value === 'string' ? parseTimestamp(value) : undefined;
    if (!parsed?.ok)
      return this.refuse(field, 'bad_timestamp', `must be a timestamp, got ${JSON.stringify(textOf(value))}`);
    if (!parsed.value.hasOffset) return value as string;
    return new Date(parsed.value.epochMs).toISOString().slice(0, 19).replace('T', ' ');
  }

  /** Notes a field the platform gave but the service cannot take; undefined, for the field. */
  refuse(path: string, code: Parameters<typeof fieldError>[1], message: string): undefined {
    this.errors.push(fieldError(path, code, message));
    return undefined;
  }
}

/** The first non-empty string among the values (billing, then shipping). */
export function firstText(...values: unknown[]): string | undefined {
  for (const value of values) if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
}

/**
 * Control characters a merchant's editor may leave in a name or a description (pasted from a word
 * processor): invisible on the shop's page, and refused by the contract in any text, so
 * a product would become a dead letter for a character no shopper sees. Whitespace ones become
 * spaces with the rest of the whitespace.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/g;

/**
 * Text a platform stores HTML-escaped, as text: WordPress saves category and product names with
 * `&amp;` ("Tea &amp; Coffee", seen on a real WooCommerce 9.2.5), and descriptions carry any of
 * HTML's named entities (`&ndash;`), all decoded by the `entities` library as a browser would.
 */
export function plainText(...values: unknown[]): string | undefined {
  const text = firstText(...values);
  return text === undefined
    ? undefined
    : firstText(decodeHTML(text).replace(INVISIBLE_CONTROLS, '').replace(/\s+/g, ' '));
}

/** Product descriptions arrive as HTML; the service's `description` is text. Block ends become spaces. */
export function htmlToText(html: unknown): string | undefined {
  if (typeof html !== 'string') return undefined;
  const text = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ');
  return plainText(text);
}

/** Drops undefined fields, so an optional field the platform lacks is absent rather than `undefined`. */
export function compact<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T;
}
