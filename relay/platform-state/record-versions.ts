import type { PlatformState } from './platform-state.js';

/** One order or product as a way in took it: its id and the platform's modification time of this version. */
export interface RecordVersion {
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

  /** The keys among `versions` older than the version taken before; the newer ones are noted as the newest. */
  async older(kind: 'order' | 'product', versions: readonly RecordVersion[]): Promise<Set<string>> {
    if (versions.length === 0) return new Set();
    const scope = `version:${kind}`;
    const taken = await this.state.recall(scope, [...new Set(versions.map((v) => v.key))]);
    const newest = new Map<string, string>();
    const older = new Set<string>();
    for (const { key, modifiedAt } of versions) {
      const before = Number(newest.get(key) ?? taken.get(key) ?? Number.NEGATIVE_INFINITY);
      if (modifiedAt < before) older.add(key);
      else newest.set(key, String(modifiedAt));
    }
    if (newest.size > 0) await this.state.remember(scope, newest);
    return older;
  }
}
