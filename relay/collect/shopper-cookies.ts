/** The relay's cookies all begin so (`_sb_uid`, `_sb_sid`, `_sb_sst`, `_sb_bot`). */
const OWN_PREFIX = '_sb_';

/**
 * The relay's own cookies of a request, read in one pass over its Cookie header: Koa's
 * `cookies.get` scans the whole header with a regular expression per name, and `/collect` reads
 * four. Read as `cookies.get` reads them: the first of a name wins, its value as sent
 * (not decoded), spaces before a name skipped.
 */
export function shopperCookies(header: string | undefined): ReadonlyMap<string, string> {
  const found = new Map<string, string>();
  if (!header) return found;
  for (const part of header.split(';')) {
    let start = 0;
    while (part.charCodeAt(start) === 0x20) start++;
    if (!part.startsWith(OWN_PREFIX, start)) continue;
    const equals = part.indexOf('=', start);
    if (equals < 0) continue;
    const name = part.slice(start, equals);
    if (!found.has(name)) found.set(name, part.slice(equals + 1));
  }
  return found;
}
