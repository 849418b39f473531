import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseTimestamp } from '../../../relay/contract/timestamp.js';
import { validateOrder, validateProduct, validateTrackingEvent } from '../../../relay/contract/validate.js';
import { order, product, trackingEvent } from '../../helpers/records.js';

const NOW = Date.UTC(2026, 10, 22, 12);
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant inside the service's window and an offset of whole minutes (±14 h). */
const instant = fc.integer({ min: NOW - 700 * 86_400_000, max: NOW });
const offsetMinutes = fc.integer({ min: -14 * 60, max: 14 * 60 });

function localText(epochMs: number, offset: number, separator: 'T' | ' ', fraction: '' | 'ms' | 'us'): string {
  const local = new Date(epochMs + offset * 60_000);
  const date = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  const frac =
    fraction === 'ms'
      ? `.${pad(local.getUTCMilliseconds(), 3)}`
      : fraction === 'us'
        ? `.${pad(local.getUTCMilliseconds(), 3)}000`
        : '';
  const sign = offset < 0 ? '-' : '+';
  return `${date}${separator}${time}${frac}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

describe('parseTimestamp (properties)', () => {
  it('reads back the instant written in any shape, separator, fraction and offset', () => {
    fc.assert(
      fc.property(
        instant,
        offsetMinutes,
        fc.constantFrom('T' as const, ' ' as const),
        fc.constantFrom('' as const, 'ms' as const, 'us' as const),
        (ms, offset, sep, fraction) => {
          const text = localText(ms, offset, sep, fraction);
          const parsed = parseTimestamp(text);
          assert.ok(parsed.ok, `${text}: ${parsed.ok ? '' : parsed.reason}`);
          const expected = fraction === '' ? Math.floor(ms / 1000) * 1000 : ms;
          assert.equal(parsed.value.epochMs, expected, text);
          assert.equal(parsed.value.month, text.slice(0, 7));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never throws and explains every refusal, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.stringMatching(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}[+-Z]?\d{0,2}:?\d{0,2}$/),
        ),
        (text) => {
          const parsed = parseTimestamp(text);
          if (!parsed.ok) assert.ok(parsed.reason.length > 0);
          else assert.ok(Number.isFinite(parsed.value.epochMs));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('refuses impossible calendar dates (month 13, day 32, Feb 29 of a common year)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1970, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const valid = day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
          assert.equal(parseTimestamp(`${year}-${pad(month)}-${pad(day)} 00:00:00`).ok, valid);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

const VALIDATORS = { order: validateOrder, product: validateProduct, event: validateTrackingEvent };

describe('the validators (properties)', () => {
  it('never throw on any JSON value and name a field for every refusal', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(VALIDATORS) as (keyof typeof VALIDATORS)[])),
        fc.jsonValue(),
        (kind, value) => {
          const result = VALIDATORS[kind](value, { now: NOW });
          if (!result.ok)
            assert.ok(
              result.errors.length > 0 &&
                result.errors.every((e) => typeof e.path === 'string' && e.message.length > 0),
            );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('refuse a valid record with any one field replaced by a value of the wrong type, naming that field', () => {
    const wrong = fc.oneof(fc.constant(null), fc.boolean(), fc.object(), fc.array(fc.integer(), { maxLength: 2 }));
    const cases = [
      {
        kind: 'order' as const,
        record: order(NOW),
        fields: ['order_id', 'city', 'country', 'currency', 'date_created_gmt', 'email', 'status', 'order_value'],
      },
      {
        kind: 'product' as const,
        record: product(),
        fields: ['product_id', 'name', 'price', 'currency', 'image', 'link'],
      },
      { kind: 'event' as const, record: trackingEvent(NOW), fields: ['user_id', 'event_name', 'datetime'] },
    ];
    for (const { kind, record, fields } of cases) {
      assert.ok(VALIDATORS[kind](record, { now: NOW }).ok, `${kind} fixture is valid`);
      fc.assert(
        fc.property(fc.constantFrom(...fields), wrong, (field, value) => {
          const result = VALIDATORS[kind]({ ...record, [field]: value }, { now: NOW });
          assert.ok(
            !result.ok && result.errors.some((e) => e.path === field),
            `${kind}.${field} = ${JSON.stringify(value)}`,
          );
        }),
        { numRuns: 300 },
      );
    }
  });

  it('keep the prototype clean whatever keys a record carries (__proto__, constructor, prototype)', () => {
    const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty');
    fc.assert(
      fc.property(hostileKey, fc.jsonValue(), (key, value) => {
        const text = `{"user_id":"u","event_name":"x","event":{${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}},${JSON.stringify(key)}:{"polluted":1}}`;
        validateTrackingEvent(JSON.parse(text), { now: NOW });
        validateOrder(JSON.parse(text), { now: NOW });
        assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
        assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'), false);
      }),
      { numRuns: 500 },
    );
  });
});
