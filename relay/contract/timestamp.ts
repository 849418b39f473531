/**
 * The service's timestamp shapes (spec: "Timestamp formats"). The six listed shapes are all
 * instances of its generic shape, so one grammar covers them:
 * `YYYY-MM-DD[(T| )HH[:MM[:SS[.fff|.ffffff]]]][(+|-)HH:MM[:SS[.ffffff]]]`.
 * An offset needs a time before it. `Z` is not a shape the service lists, so it is refused.
 */
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{3}|\d{6}))?)?)?([+-]\d{2}:\d{2}(?::\d{2}(?:\.\d{6})?)?)?)?$/;
const OFFSET = /^([+-])(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{6}))?)?$/;
const DAY_MS = 86_400_000;

export interface ParsedTimestamp {
  /** The instant, in milliseconds since the Unix epoch (microseconds are truncated). */
  epochMs: number;
  /**
   * The offset written in the text, in seconds east of UTC (with its microseconds as a fraction); 0
   * when none was written.
   */
  offsetSeconds: number;
  /** Whether the text carried an offset; without one the time is taken as UTC (the fields say GMT). */
  hasOffset: boolean;
  /** The calendar month as written (`YYYY-MM`), which places an event in a billing month. */
  month: string;
}

export type TimestampResult = { ok: true; value: ParsedTimestamp } | { ok: false; reason: string };

/**
 * The billing month of a timestamp that parses: as written, its first seven characters
 * (`ParsedTimestamp.month`), without parsing it again.
 */
export function writtenMonth(valid: string): string {
  return valid.slice(0, 7);
}

function refuse(reason: string): TimestampResult {
  return { ok: false, reason };
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** An offset east of UTC, split so that no sum needs more than a double's 53 bits. */
interface Offset {
  wholeSeconds: number;
  micros: number;
}

const NO_OFFSET: Offset = { wholeSeconds: 0, micros: 0 };

function parseOffset(text: string): Offset | string {
  const [, sign, hh, mm, ss, us] = OFFSET.exec(text) ?? [];
  const minutes = Number(mm);
  const seconds = Number(ss ?? 0);
  if (minutes > 59) return `offset minutes ${mm} are out of range (00-59)`;
  if (seconds > 59) return `offset seconds ${ss} are out of range (00-59)`;
  const wholeSeconds = Number(hh) * 3600 + minutes * 60 + seconds;
  const micros = Number(us ?? 0);
  if (wholeSeconds * 1_000_000 + micros >= DAY_MS * 1000) return `offset ${text} is not within ±24 hours`;
  return sign === '-' ? { wholeSeconds: -wholeSeconds, micros: -micros } : { wholeSeconds, micros };
}

function utcEpoch(parts: number[]): number {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0, ms = 0] = parts;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
}

function describeShapeError(text: string): string {
  if (/[zZ]$/.test(text)) return 'uses Z for UTC; write the offset as +00:00';
  if (/^\d{4}-\d{2}-\d{2}$/.test(text.slice(0, 10)) === false) return 'must start with a date YYYY-MM-DD';
  return "is not one of the service's timestamp shapes (YYYY-MM-DD HH:MM:SS, optional .fff or .ffffff, optional +HH:MM)";
}

function dateProblem(y: string, mo: string, d: string): string | undefined {
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  if (year < 1) return `year ${y} is out of range`;
  if (month < 1 || month > 12) return `month ${mo} is out of range (01-12)`;
  if (day < 1 || day > daysInMonth(year, month)) return `day ${d} does not exist in ${y}-${mo}`;
  return undefined;
}

function timeProblem(h = '00', mi = '00', s = '00'): string | undefined {
  if (Number(h) > 23) return `hour ${h} is out of range (00-23)`;
  if (Number(mi) > 59) return `minute ${mi} is out of range (00-59)`;
  if (Number(s) > 59) return `second ${s} is out of range (00-59)`;
  return undefined;
}

/** Parses one of the service's timestamp shapes; refuses anything else with the part that is wrong. */
export function parseTimestamp(text: string): TimestampResult {
  const match = TIMESTAMP.exec(text);
  if (!match) return refuse(describeShapeError(text));
  const [, y = '', mo = '', d = '', h, mi, s, frac, offsetText] = match;
  const problem = dateProblem(y, mo, d) ?? timeProblem(h, mi, s);
  if (problem) return refuse(problem);
  const offset = offsetText === undefined ? NO_OFFSET : parseOffset(offsetText);
  if (typeof offset === 'string') return refuse(offset);
  const fractionMicros = frac === undefined ? 0 : Number(frac.padEnd(6, '0'));
  const fields = [y, mo, d, h, mi, s].map((part) => Number(part ?? 0));
  // Microseconds of the fraction and of the offset meet before truncating to the millisecond:
  // `+01:00:30.123456` moves the instant by those microseconds too.
  const subMs = Math.floor((fractionMicros - offset.micros) / 1000);
  const epochMs = utcEpoch(fields) - offset.wholeSeconds * 1000 + subMs;
  const offsetSeconds = offset.wholeSeconds + offset.micros / 1_000_000;
  return {
    ok: true,
    value: { epochMs, offsetSeconds, hasOffset: offsetText !== undefined, month: writtenMonth(text) },
  };
}
