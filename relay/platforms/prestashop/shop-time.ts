/** Wall-clock fields of an instant in a time zone. */
function wallClock(epochMs: number, timeZone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(epochMs));
  return Object.fromEntries(parts.filter((p) => p.type !== 'literal').map((p) => [p.type, Number(p.value)]));
}

/** How far `timeZone`'s clock is ahead of UTC at an instant, in ms. */
function offsetAt(epochMs: number, timeZone: string): number {
  const c = wallClock(epochMs, timeZone);
  return (
    Date.UTC(c['year'] as number, (c['month'] as number) - 1, c['day'], c['hour'], c['minute'], c['second']) -
    Math.floor(epochMs / 1000) * 1000
  );
}

/**
 * PrestaShop's `date_add` / `date_upd` ("2026-11-24 10:00:00", the shop's time zone, no offset:
 * `PS_TIMEZONE`) as epoch ms, or NaN. In a gap of a change to summer time the hour after is taken.
 */
export function shopTimeToEpoch(text: unknown, timeZone: string): number {
  const match = typeof text === 'string' ? /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text) : null;
  if (!match || match[1] === '0000') return Number.NaN;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const first = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(first, timeZone);
}

/**
 * An instant as the shop's wall clock, the only shape PrestaShop's date filter takes ("YYYY-MM-DD
 * HH:MM:SS", no `T`, no offset).
 */
export function epochToShopTime(epochMs: number, timeZone: string): string {
  const c = wallClock(epochMs, timeZone);
  const two = (n: number | undefined) => String(n).padStart(2, '0');
  return `${c['year']}-${two(c['month'])}-${two(c['day'])} ${two(c['hour'])}:${two(c['minute'])}:${two(c['second'])}`;
}

/**
 * An instant as the service's UTC timestamp ("YYYY-MM-DD HH:MM:SS", UTC without an offset, as the
 * `*_gmt` fields are read).
 */
export function utcText(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ');
}
