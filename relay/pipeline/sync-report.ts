import { Announcer } from '../shared/announcer.js';
import type { RecordKind } from '../contract/kinds.js';

/** What one page of a sweep became. */
export type SweepCounts = Record<'found' | 'sent' | 'unchanged' | 'missedByWebhooks' | 'skipped' | 'invalid', number>;

/**
 * What a platform's sync announces beside its records' steps: each committed page's counts, each
 * sweep that succeeded, webhooks it put right again. Here, not in `sync/`, so the metrics can listen
 * without knowing the sync (`observers-only-listen`).
 */
export type SyncReport =
  | { type: 'page'; platform: string; kind: Extract<RecordKind, 'order' | 'product'>; counts: SweepCounts }
  | { type: 'swept'; platform: string; at: number }
  | { type: 'webhooks-repaired'; platform: string; count: number };

export class SyncEvents extends Announcer<SyncReport> {}
