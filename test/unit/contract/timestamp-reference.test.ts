import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseTimestamp } from '../../../relay/contract/timestamp.js';
import { validateTrackingEvent } from '../../../relay/contract/validate.js';
import { daysFromCivil } from '../../helpers/civil-days.js';
import { trackingEvent } from '../../helpers/records.js';

/**
 * An independent reference for the service's timestamp shapes: the text is built from random
 * parts and the expected instant is computed from those parts with integer arithmetic
 * (days from the civil calendar, then microseconds in BigInt), sharing no code with
 * `parseTimestamp` and never touching `Date`.
 */
interface Parts {
  year: number;
  month: number;
  day: number;
  time: { hour: number; minute?: number; second?: number; fraction?: string } | undefined;
  offset: { sign: 1 | -1; hour: number; minute: number; second?: number; micros?: number } | undefined;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

function expectedEpochMs({ year, month, day, time, offset }: Parts): number {
  const fractionMicros = BigInt((time?.fraction ?? '').padEnd(6, '0'));
  const seconds =
    daysFromCivil(year, month, day) * 86_400n +
    BigInt((time?.hour ?? 0) * 3600 + (time?.minute ?? 0) * 60 + (time?.second ?? 0));
  const offsetMicros = offset
    ? BigInt(offset.sign) *
      (BigInt(offset.hour * 3600 + offset.minute * 60 + (offset.second ?? 0)) * 1_000_000n + BigInt(offset.micros ?? 0))
    : 0n;
  return Number(floorDiv(seconds * 1_000_000n + fractionMicros - offsetMicros, 1000n));
}

function render({ year, month, day, time, offset }: Parts, separator: string): string {
  let text = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  if (!time) return text;
  text += `${separator}${pad(time.hour)}`;
  if (time.minute !== undefined) text += `:${pad(time.minute)}`;
  if (time.second !== undefined)
    text += `:${pad(time.second)}${time.fraction === undefined ? '' : `.${time.fraction}`}`;
  if (!offset) return text;
  text += `${offset.sign < 0 ? '-' : '+'}${pad(offset.hour)}:${pad(offset.minute)}`;
  if (offset.second !== undefined)
    text += `:${pad(offset.second)}${offset.micros === undefined ? '' : `.${pad(offset.micros, 6)}`}`;
  return text;
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const digits = (length: number) => fc.integer({ min: 0, max: 10 ** length - 1 }).map((n) => pad(n, length));
const date = fc
  .record({
    year: fc.integer({ min: 1, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  })
  .map((d) => ({ ...d, day: Math.min(d.day, daysInMonth(d.year, d.month)) }));
const time = fc.oneof(
  fc.record({ hour: fc.integer({ min: 0, max: 23 }) }),
  fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) }),
  fc.record(
    {
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
      second: fc.integer({ min: 0, max: 59 }),
      fraction: fc.oneof(digits(3), digits(6)),
    },
    { requiredKeys: ['hour', 'minute', 'second'] },
  ),
);
const offset = fc.oneof(
  fc.record({
    sign: fc.constantFrom(1 as const, -1 as const),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
  }),
  fc.record(
    {
      sign: fc.constantFrom(1 as const, -1 as const),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
      second: fc.integer({ min: 0, max: 59 }),
      micros: fc.integer({ min: 0, max: 999_999 }),
    },
    { requiredKeys: ['sign', 'hour', 'minute', 'second'] },
  ),
);
const parts: fc.Arbitrary<Parts> = fc
  .record({ date, time: fc.option(time, { nil: undefined }), offset: fc.option(offset, { nil: undefined }) })
  .map(({ date: d, time: t, offset: o }) => ({ ...d, time: t, offset: t ? o : undefined }));

describe('parseTimestamp against an independent reference', () => {
  it('agrees to the millisecond on every shape, offset form and year 0001-9999', () => {
    fc.assert(
      fc.property(parts, fc.constantFrom('T', ' '), (p, separator) => {
        const text = render(p, separator);
        const parsed = parseTimestamp(text);
        assert.ok(parsed.ok, `${text}: ${parsed.ok ? '' : parsed.reason}`);
        assert.equal(parsed.value.epochMs, expectedEpochMs(p), text);
        assert.equal(parsed.value.month, text.slice(0, 7));
      }),
      { numRuns: 10_000 },
    );
  });

  it("moves the instant by the offset's microseconds: +01:00:30.123456", () => {
    const parsed = parseTimestamp('2025-03-04T10:00:00.000000+01:00:30.123456');
    assert.ok(parsed.ok);
    assert.equal(parsed.value.epochMs, Date.parse('2025-03-04T08:59:29.876Z'));
    assert.equal(parsed.value.offsetSeconds, 3630.123456);
  });

  it('accepts the longest shape the spec allows (42 characters) in a record and refuses one character more', () => {
    const now = Date.now();
    const local = new Date(now - 60_000).toISOString().slice(0, 19);
    const datetime = `${local}.123456+00:00:00.000000`;
    assert.equal(datetime.length, 42);
    const result = validateTrackingEvent(trackingEvent(now, { datetime }), { now });
    assert.ok(result.ok, JSON.stringify(result.ok ? null : result.errors));
    const longer = validateTrackingEvent(trackingEvent(now, { datetime: `${datetime} ` }), { now });
    assert.ok(!longer.ok && longer.errors.some((e) => e.path === 'datetime'));
  });
});
