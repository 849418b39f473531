import type { RecordKind } from '../contract/kinds.js';
import { OutboxTally } from './outbox-tally.js';
import type { Statements } from './sqlite-statements.js';

/**
 * The SQLite outbox's in-memory tally, kept true when another connection commits (`shopbeacon
 * outbox retry` or `purge` from another process): SQLite changes `data_version` only for other
 * connections' commits. The hot paths accept a tally `staleMs` old: asking on every request was
 * 5 % of the ingest profile, and what another process does there (retry, purge) never
 * adds records, so a stale tally can only make the limit check stricter for that long.
 */
export class SqliteTally extends OutboxTally {
  private dataVersion = -1;
  private syncedAt = -Infinity;

  constructor(
    private readonly sql: Pick<Statements, 'dataVersion' | 'countsByState'>,
    /** Called before the table is counted: acknowledgements waiting for their batch are committed first. */
    private readonly beforeCount: () => void,
  ) {
    super();
    this.recount();
  }

  /** Changes whenever another connection's commit was seen (`PRAGMA data_version`). */
  get version(): number {
    return this.dataVersion;
  }

  /** Recounts when another connection committed since, asking SQLite at most every `staleMs`. */
  sync(staleMs = 0): void {
    const now = performance.now();
    if (now - this.syncedAt < staleMs) return;
    this.syncedAt = now;
    const version = this.sql.dataVersion.get() as number;
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    this.recount();
  }

  /** From the table itself: at open, after purges and requeues of every dead letter. */
  recount(): void {
    this.beforeCount();
    this.rebuild(this.sql.countsByState.all() as { kind: RecordKind; state: string; n: number; bytes: number }[]);
  }
}
