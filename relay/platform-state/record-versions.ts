import type { PlatformState } from './platform-state.js';

/** One order or product as a way in took it: its id and the platform's modification time of this version. */
interface RecordVersion {
  key: string;
  modifiedAt: number;
}

/**
 * The platform's modification time of the newest version taken of each order and product, kept
 * with the platform state. A version older than one already taken is not sent: a validly signed
 * webhook replayed after a newer one rolled the order back at the service (processing →
 * completed → processing), and the outbox replaces a queued version with whichever arrives last.
 */
export class RecordVersions {
  constructor(private readonly state: Pick<PlatformState, 'recall' | 'remember'>) {}

  /**
   * The positions in `versions` of those older than a version taken before them (earlier in the
   * same list too); the others are noted as the newest. Positions, not keys: a page may hold the
   * same record twice, and only its older version is to be left out.
   */
  async older(kind: 'order' | 'product', versions: readonly RecordVersion[]): Promise<Set<number>> {
    if (versions.length === 0) return new Set();
    const scope = `version:${kind}`;
    const taken = await this.state.recall(scope, [...new Set(versions.map((v) => v.key))]);
    const newest = new Map<string, string>();
    const older = new Set<number>();
    for (const [position, { key, modifiedAt }] of versions.entries()) {
      const before = Number(newest.get(key) ?? taken.get(key) ?? Number.NEGATIVE_INFINITY);
      if (modifiedAt < before) older.add(position);
      else newest.set(key, String(modifiedAt));
    }
    if (newest.size > 0) await this.state.remember(scope, newest);
    return older;
  }
}
