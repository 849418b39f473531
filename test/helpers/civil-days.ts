/**
 * Howard Hinnant's days_from_civil: days since 1970-01-01 of a proleptic Gregorian date, in BigInt.
 * The timestamp references (the unit test's and the fuzzer's oracle) count with it so that neither
 * shares code with `parseTimestamp` nor touches `Date`.
 */
export function daysFromCivil(year: number, month: number, day: number): bigint {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return BigInt(era) * 146_097n + BigInt(doe) - 719_468n;
}
