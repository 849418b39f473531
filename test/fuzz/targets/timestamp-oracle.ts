/**
 * An independent reading of the spec's timestamp shapes for the fuzzer to hold `parseTimestamp`
 * against: a character scanner (no regular expression), calendar days by Howard Hinnant's
 * days_from_civil and the instant in BigInt microseconds, sharing no code with the relay.
 */
import { daysFromCivil } from '../../helpers/civil-days.js';

export type OracleResult = { ok: false } | { ok: true; epochMs: number; month: string };

class Scanner {
  at = 0;
  constructor(readonly text: string) {}
  digits(count: number): number | undefined {
    const part = this.text.slice(this.at, this.at + count);
    if (part.length !== count || [...part].some((c) => c < '0' || c > '9')) return undefined;
    this.at += count;
    return Number(part);
  }
  take(char: string): boolean {
    if (this.text[this.at] !== char) return false;
    this.at += 1;
    return true;
  }
  get done(): boolean {
    return this.at === this.text.length;
  }
}

const monthDays = (y: number, m: number) =>
  [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;

/** `[.fff|.ffffff]` as microseconds; `undefined` when a `.` is not followed by 3 or 6 digits. */
function fraction(s: Scanner, allowed: (3 | 6)[]): number | undefined | null {
  if (!s.take('.')) return 0;
  for (const width of [6, 3] as const) {
    if (!allowed.includes(width)) continue;
    const value = s.digits(width);
    if (value !== undefined) return width === 3 ? value * 1000 : value;
  }
  return null;
}

/** `HH[:MM[:SS[.f]]]` → seconds and microseconds, or null when malformed or out of range. */
function clock(s: Scanner): { seconds: number; micros: number } | null {
  const h = s.digits(2);
  if (h === undefined || h > 23) return null;
  let [mi, sec, micros]: [number, number, number | undefined | null] = [0, 0, 0];
  if (s.take(':')) {
    const m = s.digits(2);
    if (m === undefined || m > 59) return null;
    mi = m;
    if (s.take(':')) {
      const x = s.digits(2);
      if (x === undefined || x > 59) return null;
      sec = x;
      micros = fraction(s, [3, 6]);
    }
  }
  return micros == null ? null : { seconds: h * 3600 + mi * 60 + sec, micros };
}

/** `MM[:SS[.ffffff]]` after an offset's hours → seconds and microseconds, or null. */
function offsetRest(s: Scanner): { seconds: number; micros: number } | null {
  const m = s.digits(2);
  if (m === undefined || m > 59) return null;
  if (!s.take(':')) return { seconds: m * 60, micros: 0 };
  const x = s.digits(2);
  const micros = x === undefined || x > 59 ? null : fraction(s, [6]);
  return micros == null || x === undefined ? null : { seconds: m * 60 + x, micros };
}

/** `±HH:MM[:SS[.ffffff]]` → signed microseconds (0 when there is none), or null. */
function offset(s: Scanner): bigint | null {
  const sign = s.take('+') ? 1n : s.take('-') ? -1n : 0n;
  if (sign === 0n) return 0n;
  const h = s.digits(2);
  const rest = h !== undefined && s.take(':') ? offsetRest(s) : null;
  if (h === undefined || rest === null) return null;
  const total = BigInt(h * 3600 + rest.seconds) * 1_000_000n + BigInt(rest.micros);
  return total >= 86_400_000_000n ? null : sign * total;
}

/** `YYYY-MM-DD` → microseconds since the epoch at its midnight UTC, or null when no real date. */
function dateMicros(s: Scanner): { micros: bigint; month: string } | null {
  const [y, m, d] = [s.digits(4), s.take('-') ? s.digits(2) : undefined, s.take('-') ? s.digits(2) : undefined];
  if (y === undefined || m === undefined || d === undefined) return null;
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > monthDays(y, m)) return null;
  return {
    micros: daysFromCivil(y, m, d) * 86_400_000_000n,
    month: `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`,
  };
}

/** What follows the date: nothing, or a separator, a clock and an optional offset, as microseconds. */
function timeMicros(s: Scanner): bigint | null {
  if (!s.take('T') && !s.take(' ')) return 0n;
  const time = clock(s);
  const shift = time && offset(s);
  if (time === null || shift === null) return null;
  return BigInt(time.seconds) * 1_000_000n + BigInt(time.micros) - shift;
}

export function oracleTimestamp(text: string): OracleResult {
  const s = new Scanner(text);
  const date = dateMicros(s);
  const time = date && timeMicros(s);
  if (date === null || time === null || !s.done) return { ok: false };
  const micros = date.micros + time;
  // Floor division: BigInt division truncates toward zero.
  const ms = micros / 1000n - (micros % 1000n < 0n ? 1n : 0n);
  return { ok: true, epochMs: Number(ms), month: date.month };
}
