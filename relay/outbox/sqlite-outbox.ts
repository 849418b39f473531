import type Database from 'better-sqlite3';
import type { RecordKind } from '../contract/kinds.js';
import { GroupCommit } from './group-commit.js';
import { DEFAULT_LIMITS, errorText, type RefusedRecord, type DeadLetter, type DueRecord, type EnqueueResult, type Outbox, type OutboxCounts, type OutboxRecord } from './outbox.js';
import { stringifyBody } from '../shared/exact-json.js';
import { seenIdOf } from './outbox-key.js';
import { packVisitor } from './visitor-field.js';
import { outboxFull } from '../shared/storage-error.js';
import { OutboxTally } from './outbox-tally.js';
import { asStorageError } from '../shared/storage-error.js';
import { openOutboxDatabase, releaseFreePages } from './sqlite-database.js';
import { prepareStatements, type Statements } from './sqlite-statements.js';

export interface SqliteOutboxOptions {
  /** Folder of `outbox.sqlite`; created when missing. */
  dataDir: string;
  /**
   * Most records (queued and dead) the outbox holds before it refuses new ones.
   * @default 1_000_000
   */
  maxRecords?: number;
  /**
   * Most bytes of record bodies the outbox holds before it refuses new ones.
   * @default 1_073_741_824 (1 GiB)
   */
  maxBytes?: number;
  /**
   * `full` fsyncs every commit: an acknowledged record survives power loss. `normal` (WAL) survives
   * a process crash but may lose the last commits on power loss, for more throughput.
   * @default 'full'
   */
  synchronous?: 'full' | 'normal';
  /**
   * How long enqueue calls wait to share one commit; 0 commits on the next turn of the event loop,
   * so the requests read while the last commit's fsync blocked it share the next one (issue #16).
   * @default 0
   */
  groupCommitMs?: number;
  /** The clock. @default Date.now */
  now?: () => number;
}

const DEDUPE_WINDOW_MS = 24 * 3600_000;
/** How old a tally enqueue and claim may use before asking SQLite whether another process changed it. */
const TALLY_STALE_MS = 50;
type Pending = { record: OutboxRecord; text: string; bytes: number };
/** What one commit changed: tally updates to apply once it succeeded, and the counters to add inside it. */
type CommitEffects = { changes: (() => void)[]; accepted: number; coalesced: number };

/** The default outbox: one SQLite file in WAL mode, group commit, indexes for millions of rows. */
export class SqliteOutbox implements Outbox {
  private readonly db: Database.Database;
  private readonly sql: Statements;
  private readonly group: GroupCommit<Pending, EnqueueResult>;
  private readonly now: () => number;
  private readonly limits: { records: number; bytes: number };
  private readonly tally = new OutboxTally();
  /** Records and bytes promised to enqueue calls still waiting for their commit. */
  private reserved = { records: 0, bytes: 0 };
  private acks: DueRecord[] = [];
  private dataVersion = -1;
  private tallySyncedAt = -Infinity;
  private readonly synchronous: 'FULL' | 'NORMAL';
  private readonly maintenance: NodeJS.Timeout;

  constructor(options: SqliteOutboxOptions) {
    this.synchronous = options.synchronous === 'normal' ? 'NORMAL' : 'FULL';
    this.db = openOutboxDatabase(options.dataDir, this.synchronous);
    this.sql = prepareStatements(this.db);
    this.now = options.now ?? Date.now;
    this.limits = { records: options.maxRecords ?? DEFAULT_LIMITS.maxRecords, bytes: options.maxBytes ?? DEFAULT_LIMITS.maxBytes };
    this.group = new GroupCommit((groups) => this.commit(groups), options.groupCommitMs ?? 0);
    this.rebuildTally();
    this.maintenance = setInterval(() => this.maintain(), 60_000).unref();
  }

  async enqueue(records: OutboxRecord[]): Promise<EnqueueResult[]> {
    if (records.length === 0) return [];
    this.syncTally(TALLY_STALE_MS);
    const pending = records.map((record) => {
      const text = stringifyBody(record.body);
      return { record, text, bytes: Buffer.byteLength(text) };
    });
    const bytes = pending.reduce((sum, p) => sum + p.bytes, 0);
    if (this.tally.records + this.reserved.records + records.length > this.limits.records) throw outboxFull(`${this.limits.records} records`);
    if (this.tally.bytes + this.reserved.bytes + bytes > this.limits.bytes) throw outboxFull(`${this.limits.bytes} bytes`);
    this.reserved.records += records.length;
    this.reserved.bytes += bytes;
    try {
      return await this.group.submit(pending);
    } catch (error) {
      throw asStorageError(error);
    } finally {
      this.reserved.records -= records.length;
      this.reserved.bytes -= bytes;
    }
  }

  private commit(groups: Pending[][]): EnqueueResult[][] {
    const now = this.now();
    const effects: CommitEffects = { changes: [], accepted: 0, coalesced: 0 };
    const results = this.db.transaction(() => {
      const stored = groups.map((group) => group.map((p) => this.store(p, now, effects)));
      // The counters move once per commit, not once per record (issue #16).
      if (effects.accepted > 0) this.sql.addCounter.run(effects.accepted, 'accepted');
      if (effects.coalesced > 0) this.sql.addCounter.run(effects.coalesced, 'coalesced');
      return stored;
    })();
    // Applied only once the commit succeeded: a failed commit changes nothing.
    for (const change of effects.changes) change();
    return results;
  }

  private store({ record, text, bytes }: Pending, now: number, effects: CommitEffects): EnqueueResult {
    const seenId = seenIdOf(record);
    if (seenId !== undefined && this.sql.markSeen.run(seenId, now, now - DEDUPE_WINDOW_MS).changes === 0) return 'duplicate';
    const existing = record.kind === 'event' ? undefined : (this.sql.findQueued.get(record.kind, record.key) as { id: number; bytes: number; body: string } | undefined);
    // The same body again changes nothing: bumping the version would re-send a record already in flight.
    if (existing?.body === text) return 'coalesced';
    if (existing) {
      this.sql.coalesce.run(text, bytes, now, now, existing.id);
      effects.coalesced++;
      effects.changes.push(() => this.tally.resized(bytes - existing.bytes));
      return 'coalesced';
    }
    this.sql.insert.run(record.kind, record.key, text, bytes, now, now, packVisitor(record.visitor));
    effects.accepted++;
    effects.changes.push(() => this.tally.added(record.kind, bytes));
    return 'queued';
  }

  async enqueueDead(refused: RefusedRecord[]): Promise<void> {
    const now = this.now();
    try {
      this.db.transaction(() => {
        for (const { record, error } of refused) {
          const text = stringifyBody(record.body);
          const id = this.sql.insert.run(record.kind, record.key, text, Buffer.byteLength(text), now, now, packVisitor(record.visitor)).lastInsertRowid;
          this.sql.deadLetter.get(errorText(error), id);
          this.sql.addCounter.run(1, 'accepted');
        }
      })();
    } catch (error) {
      throw asStorageError(error);
    }
    this.rebuildTally();
  }

  /**
   * Records due now, leaving out those in `exclude` (in flight) and those delivered whose
   * acknowledgement waits for its batch: flushing here instead would commit once per delivery.
   */
  due(now: number, limit: number, exclude: ReadonlySet<number>): DueRecord[] {
    this.syncTally(TALLY_STALE_MS);
    // A pending ack for an older version does not hide the row: its newer body is still owed.
    const acked = new Map(this.acks.map((a) => [a.id, a.version]));
    const rows = this.sql.due.all(now, limit + exclude.size + acked.size) as DueRecord[];
    return rows.filter((r) => !exclude.has(r.id) && acked.get(r.id) !== r.version).slice(0, limit);
  }

  nextDueAt(): number | undefined {
    this.flushAcks();
    return (this.sql.nextDue.get() as number | null) ?? undefined;
  }

  /** Acknowledgements are batched too: many deliveries share one commit. A crash before it redelivers. */
  delivered(record: DueRecord): void {
    this.acks.push(record);
    if (this.acks.length === 1) setTimeout(() => this.flushAcks(), 5).unref();
  }

  private flushAcks(): void {
    const acks = this.acks;
    if (acks.length === 0) return;
    this.acks = [];
    this.relaxed(() => {
      let removed = 0;
      for (const record of acks) removed += this.removeDelivered(record);
      // One counter update per batch, not per record: it was a fifth of the ack's SQL (issue #16).
      if (removed > 0) this.sql.addCounter.run(removed, 'delivered');
    });
  }

  /**
   * Commits without an fsync (WAL, synchronous=NORMAL): for acknowledgements, retry times and dead
   * letter marks, whose loss on power failure only means a record is tried again (at-least-once).
   * The next enqueue's fsync makes these frames durable too, since the WAL is written in order.
   */
  private relaxed<T>(work: () => T): T {
    if (this.synchronous === 'NORMAL') return this.db.transaction(work)();
    this.sql.syncNormal.run();
    try {
      return this.db.transaction(work)();
    } finally {
      this.sql.syncFull.run();
    }
  }

  /** 1 when the row was still this version and is gone now, else 0. */
  private removeDelivered(record: DueRecord): number {
    const bytes = this.sql.deleteDelivered.get(record.id, record.version) as number | undefined;
    if (bytes === undefined) return 0;
    this.tally.removed(record.kind, bytes);
    return 1;
  }

  retryLater(record: DueRecord, nextAttemptAt: number, error: string, countAttempt: boolean): void {
    this.relaxed(() => this.sql.retryLater.run(countAttempt ? 1 : 0, nextAttemptAt, errorText(error), record.id, record.version));
  }

  deadLetter(ids: number[], error: string): void {
    this.relaxed(() => {
      for (const id of ids) {
        const kind = this.sql.deadLetter.get(errorText(error), id) as RecordKind | undefined;
        if (kind) this.tally.movedToDead(kind);
      }
    });
  }

  requeueDead(ids?: number[]): number {
    const now = this.now();
    if (!ids) {
      const moved = this.sql.requeueAll.run(now).changes;
      this.rebuildTally();
      return moved;
    }
    return this.db.transaction(() =>
      ids.reduce((n, id) => {
        const kind = this.sql.requeueOne.get(now, id) as RecordKind | undefined;
        if (kind) this.tally.movedToQueue(kind);
        return n + (kind ? 1 : 0);
      }, 0),
    )();
  }

  deadLetters(options: { kind?: RecordKind; limit: number }): DeadLetter[] {
    const kind = options.kind ?? null;
    return this.sql.deadLetters.all(kind, kind, options.limit) as DeadLetter[];
  }

  purgeDead(before: number): number {
    const purged = this.sql.purgeDead.run(before).changes;
    this.rebuildTally();
    return purged;
  }

  /** From the in-memory tally (no table scan) plus the three persisted counters and an indexed MIN. */
  counts(): OutboxCounts {
    try {
      this.flushAcks();
      this.syncTally();
      const { queued, dead, bytes } = this.tally;
      const counters = Object.fromEntries((this.sql.counters.all() as { name: string; value: number }[]).map((c) => [c.name, c.value]));
      const oldest = this.sql.oldestQueued.get() as number | null;
      return { queued: { ...queued }, dead: { ...dead }, bytes, accepted: counters['accepted'] ?? 0, delivered: counters['delivered'] ?? 0, coalesced: counters['coalesced'] ?? 0, oldestQueuedAt: oldest ?? undefined };
    } catch (error) {
      // A disk that fails a read is a 503 like a failed write, never a 500 (`/stats`, `/metrics`, the debugger).
      throw asStorageError(error);
    }
  }

  /** Forgets event ids older than the 24-hour de-duplication window, a slice at a time (each minute). */
  /** Once a minute: forget event ids older than the duplicate window, give back excess free pages. */
  private maintain(): void {
    try {
      this.purgeSeenEvents();
      releaseFreePages(this.db);
    } catch {
      // A disk that fails now fails the next commit too, which answers 503; nothing to do here.
    }
  }

  purgeSeenEvents(): number {
    return this.sql.purgeSeen.run(this.now() - DEDUPE_WINDOW_MS).changes;
  }

  notePause(reason: string | undefined): void {
    this.sql.setMeta.run('paused', reason ?? '');
  }

  pauseNote(): string | undefined {
    return (this.sql.getMeta.get('paused') as string | undefined) || undefined;
  }

  fullness(): string | undefined {
    this.syncTally();
    if (this.tally.records >= this.limits.records) return `${this.limits.records} records`;
    return this.tally.bytes >= this.limits.bytes ? `${this.limits.bytes} bytes` : undefined;
  }

  isWritable(): boolean {
    try {
      this.sql.probe.run(String(this.now()));
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    clearInterval(this.maintenance);
    this.group.flush();
    this.flushAcks();
    this.db.close();
  }

  /**
   * Rebuilds the tally when another connection committed (`shopbeacon outbox retry` or `purge`
   * from another process): SQLite changes `data_version` only for other connections' commits.
   * The hot paths accept a tally `staleMs` old: asking on every request was 5 % of the ingest
   * profile (issue #16), and what another process does there (retry, purge) never adds records,
   * so a stale tally can only make the limit check stricter for that long.
   */
  private syncTally(staleMs = 0): void {
    const now = performance.now();
    if (now - this.tallySyncedAt < staleMs) return;
    this.tallySyncedAt = now;
    const version = this.sql.dataVersion.get() as number;
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    this.rebuildTally();
  }

  private rebuildTally(): void {
    this.flushAcks();
    this.tally.rebuild(this.sql.countsByState.all() as { kind: RecordKind; state: string; n: number; bytes: number }[]);
  }
}
