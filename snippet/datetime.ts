const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `YYYY-MM-DD HH:MM:SS+HH:MM` in the visitor's own offset: one of the service's listed shapes,
 * and the month it shows is the month the visitor lived the event in (it decides billing).
 * The local wall time is read from the UTC fields of the instant shifted by the offset.
 */
export function formatDatetime(ms: number): string {
  const offset = -new Date(ms).getTimezoneOffset();
  const local = iso(ms + offset * 60_000);
  return `${local.slice(0, 10)} ${local.slice(11, 19)}${offset < 0 ? '-' : '+'}${iso(Math.abs(offset) * 60_000).slice(11, 16)}`;
}
