import type Database from 'better-sqlite3';
import { stringifyBody } from '../shared/exact-json.js';
import { asStorageError, outboxFull, StorageError } from '../shared/storage-error.js';
import { GroupCommit } from '../shared/group-commit.js';
import { seenIdOf } from './outbox-key.js';
import type { EnqueueResult, OutboxRecord } from './outbox.js';
import type { SqliteTally } from './sqlite-tally.js';
import type { SqliteSeenWindow } from './sqlite-seen-window.js';
import type { Statements } from './sqlite-statements.js';
import { packVisitor } from './visitor-field.js';

/** How old a tally enqueue may use before asking SQLite whether another process changed it. */
export const TALLY_STALE_MS = 50;

type Pending = { record: OutboxRecord; text: string; bytes: number };
/** What one commit changed: tally updates to apply once it succeeded, and the counters to add inside it. */
type CommitEffects = { changes: (() => void)[]; accepted: number; coalesced: number };

export interface SqliteEnqueueOptions {
  db: Database.Database;
  sql: Statements;
  tally: SqliteTally;
  seen: SqliteSeenWindow;
  limits: { records: number; bytes: number };
  groupCommitMs: number;
  now: () => number;
  /** False where ids were claimed elsewhere first (the shared Redis): the window here is not asked. */
  claimsIds: boolean;
  /** A queued record took a newer body: due again where it stood, perhaps behind delivery's last claim. */
  onCoalesced?: (id: number) => void;
}

/**
 * The SQLite outbox's way in: the capacity check (with what waiting calls were promised), then a
 * group commit in which each record is de-duplicated, coalesced with a queued one of its id, or
 * inserted; the answer only once that commit is durable.
 */
export class SqliteEnqueue {
  private readonly group: GroupCommit<Pending, EnqueueResult>;
  /**
   * The commit's transaction, made once (better-sqlite3 builds a wrapper per `transaction()` call),
   * and run as BEGIN IMMEDIATE: it reads (the duplicate window, a queued order to coalesce) before
   * it writes, and a deferred transaction whose snapshot another connection wrote past fails at its
   * first write with SQLITE_BUSY, which no busy timeout waits out; with another process on the
   * file (`shopbeacon outbox retry`, a second worker) a few percent of `/collect` answers were 503.
   */
  private readonly storeAll: Database.Transaction<
    (groups: Pending[][], now: number, effects: CommitEffects) => EnqueueResult[][]
  >;
  /** Records and bytes promised to enqueue calls still waiting for their commit. */
  private reserved = { records: 0, bytes: 0 };
  /**
   * The last commit the disk refused (a full disk, a read-only one) and the bytes it carried, until
   * one succeeds or `SqliteOutbox.writeProblem` finds room for as much.
   */
  refusal: { code: string; bytes: number } | undefined;

  constructor(private readonly options: SqliteEnqueueOptions) {
    this.group = new GroupCommit((groups) => this.commit(groups), options.groupCommitMs);
    this.storeAll = options.db.transaction((groups: Pending[][], now: number, effects: CommitEffects) => {
      // Where ids are claimed elsewhere the window is never asked, so its slices need no readying.
      if (options.claimsIds) options.seen.begin(now);
      const stored = groups.map((group) => group.map((p) => this.store(p, now, effects)));
      // The counters move once per commit, not once per record.
      if (effects.accepted > 0) options.sql.addCounter.run(effects.accepted, 'accepted');
      if (effects.coalesced > 0) options.sql.addCounter.run(effects.coalesced, 'coalesced');
      return stored;
    });
  }

  async enqueue(records: OutboxRecord[]): Promise<EnqueueResult[]> {
    if (records.length === 0) return [];
    const { tally, limits } = this.options;
    tally.sync(TALLY_STALE_MS);
    const pending = records.map((record) => {
      const text = stringifyBody(record.body);
      return { record, text, bytes: Buffer.byteLength(text) };
    });
    const bytes = pending.reduce((sum, p) => sum + p.bytes, 0);
    if (tally.records + this.reserved.records + records.length > limits.records)
      throw outboxFull(`${limits.records} records`);
    if (tally.bytes + this.reserved.bytes + bytes > limits.bytes) throw outboxFull(`${limits.bytes} bytes`);
    this.reserved.records += records.length;
    this.reserved.bytes += bytes;
    try {
      return await this.group.submit(pending);
    } catch (error) {
      const refused = asStorageError(error);
      if (refused instanceof StorageError && refused.causeCode) this.refusal = { code: refused.causeCode, bytes };
      throw refused;
    } finally {
      this.reserved.records -= records.length;
      this.reserved.bytes -= bytes;
    }
  }

  /** Commits what waits now (at close). */
  flush(): void {
    this.group.flush();
  }

  private commit(groups: Pending[][]): EnqueueResult[][] {
    const effects: CommitEffects = { changes: [], accepted: 0, coalesced: 0 };
    const results = this.storeAll.immediate(groups, this.options.now(), effects);
    // Applied only once the commit succeeded: a failed commit changes nothing.
    for (const change of effects.changes) change();
    this.refusal = undefined;
    return results;
  }

  private store({ record, text, bytes }: Pending, now: number, effects: CommitEffects): EnqueueResult {
    const { sql, tally, seen } = this.options;
    const seenId = this.options.claimsIds ? seenIdOf(record) : undefined;
    if (seenId !== undefined && !seen.claim(seenId)) return 'duplicate';
    const existing =
      record.kind === 'event'
        ? undefined
        : (sql.findQueued.get(record.kind, record.key) as { id: number; bytes: number; body: string } | undefined);
    // The same body again changes nothing: bumping the version would re-send a record already in flight.
    if (existing?.body === text) return 'coalesced';
    if (existing) {
      sql.coalesce.run(text, bytes, now, now, existing.id);
      this.options.onCoalesced?.(existing.id);
      effects.coalesced++;
      effects.changes.push(() => tally.resized(bytes - existing.bytes));
      return 'coalesced';
    }
    sql.insert.run(record.kind, record.key, text, bytes, now, now, packVisitor(record.visitor));
    effects.accepted++;
    effects.changes.push(() => tally.added(record.kind, bytes));
    return 'queued';
  }
}
