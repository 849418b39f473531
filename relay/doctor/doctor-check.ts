/** One line of `shopbeacon doctor`: what was checked, how it went, and what to do about it. */
export interface DoctorCheck {
  /** The hop, in the order a record travels: `storefront`, `way in`, `relay`, `service`, a platform. */
  hop: string;
  name: string;
  status: 'ok' | 'warning' | 'failed';
  /** What was seen, or what to fix, in words a merchant can act on. */
  detail: string;
}

export const ok = (hop: string, name: string, detail: string): DoctorCheck => ({ hop, name, status: 'ok', detail });
export const warning = (hop: string, name: string, detail: string): DoctorCheck => ({
  hop,
  name,
  status: 'warning',
  detail,
});
export const failed = (hop: string, name: string, detail: string): DoctorCheck => ({
  hop,
  name,
  status: 'failed',
  detail,
});

/** The exit status: 0 all ok, 1 a failure, 2 warnings only. */
export function exitStatus(checks: readonly DoctorCheck[]): number {
  if (checks.some((c) => c.status === 'failed')) return 1;
  return checks.some((c) => c.status === 'warning') ? 2 : 0;
}
