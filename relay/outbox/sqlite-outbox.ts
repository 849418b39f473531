import { DELIVERY_SETTINGS } from '../config/delivery-settings.js';
import { rowDefault } from '../config/setting.js';
import type Database from 'better-sqlite3';
import type { RecordKind } from '../contract/kinds.js';
import { asStorageError } from '../shared/storage-error.js';
import {
  DEFAULT_LIMITS,
  errorText,
  type RefusedRecord,
  type DeadLetter,
  type DueRecord,
  type EnqueueResult,
  type Outbox,
  type OutboxCounts,
  type OutboxRecord,
} from './outbox.js';
import { openOutboxDatabase, releaseFreePages } from './sqlite-database.js';
import { SqliteDeadLetters } from './sqlite-dead-letters.js';
import { SqliteEnqueue, TALLY_STALE_MS } from './sqlite-enqueue.js';
import { SqliteSeenWindow } from './sqlite-seen-window.js';
import { type DedupeWindow, dedupeWindow } from '../shared/dedupe-window.js';
import { prepareStatements, type Statements } from './sqlite-statements.js';
import { SqliteTally } from './sqlite-tally.js';
import { probeBytes, unwritableReason } from './sqlite-write-probe.js';

/** How often a claim reads the due records from the start, not on from the last handed out. */
const FULL_SCAN_MS = 1_000;

/** A due row with its place in the due order, for the claim after it. */
type DueRow = DueRecord & { dueAt: number };

export interface SqliteOutboxOptions {
  /** Folder of `outbox.sqlite`; created when missing. */
  dataDir: string;
  /**
   * Most records (queued and dead) the outbox holds before it refuses new ones; by default
   * `DEFAULT_LIMITS`'.
   */
  maxRecords?: number;
  /**
   * Most bytes of record bodies the outbox holds before it refuses new ones; by default
   * `DEFAULT_LIMITS`'.
   */
  maxBytes?: number;
  /**
   * `full` fsyncs every commit: an acknowledged record survives power loss. `normal` (WAL) survives
   * a process crash but may lose the last commits on power loss, for more throughput. By default
   * `SHOPBEACON_OUTBOX_SYNC`'s.
   */
  synchronous?: 'full' | 'normal';
  /**
   * How long enqueue calls wait to share one commit; 0 commits on the next turn of the event loop,
   * so the requests read while the last commit's fsync blocked it share the next one.
   * @default 0
   */
  groupCommitMs?: number;
  /**
   * How long an id is remembered, a repeat within it a duplicate (`SHOPBEACON_DEDUPE_WINDOW`), and
   * its slices. @default dedupeWindow()
   */
  window?: DedupeWindow;
  /**
   * Whether the outbox's own window de-duplicates what it is given: not where every id was claimed
   * in the shared Redis first (`claimThenEnqueue`), which holds the window of every instance, so
   * a second claim here would only cost each event a hash and five lookups again.
   * @default true
   */
  claimsIds?: boolean;
  /** The clock. @default Date.now */
  now?: () => number;
}

/**
 * The default outbox: one SQLite file in WAL mode, group commit, indexes for millions of rows.
 * Its way in is `SqliteEnqueue`, its dead letters `SqliteDeadLetters`; here: delivery's side
 * (claims, batched acknowledgements, retries), the counts, and the file's upkeep.
 */
export class SqliteOutbox implements Outbox {
  private readonly db: Database.Database;
  private readonly sql: Statements;
  private readonly now: () => number;
  private readonly limits: { records: number; bytes: number };
  private readonly tally: SqliteTally;
  private readonly way: SqliteEnqueue;
  private readonly dead: SqliteDeadLetters;
  private readonly seen: SqliteSeenWindow;
  private acks: DueRecord[] = [];
  /** The last record handed out by `due`, in due order, and when the due records were last read from the start. */
  private cursor: { at: number; id: number } | undefined;
  private scannedAt = Number.NEGATIVE_INFINITY;
  private cursorVersion = -1;
  /** Records whose body was replaced since they were last handed out: see `flightEnded`. */
  private readonly replaced = new Set<number>();
  private readonly synchronous: 'FULL' | 'NORMAL';
  private readonly maintenance: NodeJS.Timeout;
  private readonly dataDir: string;

  constructor(options: SqliteOutboxOptions) {
    this.synchronous =
      (options.synchronous ?? rowDefault(DELIVERY_SETTINGS, 'outboxSync')) === 'normal' ? 'NORMAL' : 'FULL';
    this.dataDir = options.dataDir;
    this.db = openOutboxDatabase(options.dataDir, this.synchronous);
    this.now = options.now ?? Date.now;
    this.seen = new SqliteSeenWindow(this.db, options.window ?? dedupeWindow(), this.now());
    this.sql = prepareStatements(this.db);
    this.limits = {
      records: options.maxRecords ?? DEFAULT_LIMITS.maxRecords,
      bytes: options.maxBytes ?? DEFAULT_LIMITS.maxBytes,
    };
    this.tally = new SqliteTally(this.sql, () => this.flushAcks());
    const shared = { db: this.db, sql: this.sql, tally: this.tally, now: this.now };
    this.way = new SqliteEnqueue({
      ...shared,
      seen: this.seen,
      limits: this.limits,
      groupCommitMs: options.groupCommitMs ?? 0,
      claimsIds: options.claimsIds ?? true,
      onCoalesced: (id) => {
        this.cursor = undefined;
        this.replaced.add(id);
      },
    });
    this.dead = new SqliteDeadLetters({ ...shared, relaxed: (work) => this.relaxed(work) });
    this.maintenance = setInterval(() => this.maintain(), 60_000).unref();
  }

  enqueue(records: OutboxRecord[]): Promise<EnqueueResult[]> {
    return this.way.enqueue(records);
  }

  async enqueueDead(refused: RefusedRecord[]): Promise<void> {
    this.dead.add(refused);
  }

  /**
   * Records due now, leaving out those in `exclude` (in flight) and those delivered whose
   * acknowledgement waits for its batch: flushing here instead would commit once per delivery.
   * Read on from the last record handed out (reading the rows in flight again with
   * every claim was the worker's largest cost end to end); from the start at least once a
   * second, and after anything that makes a record due behind that point (a body replaced while
   * in flight, a requeue, another process's commit), so a clock set back delays a record a second at most.
   */
  due(now: number, limit: number, exclude: ReadonlySet<number>): DueRecord[] {
    this.tally.sync(TALLY_STALE_MS);
    // A pending ack for an older version does not hide the row: its newer body is still owed.
    const acked = new Map(this.acks.map((a) => [a.id, a.version]));
    if (this.tally.version !== this.cursorVersion) this.cursor = undefined;
    const cursor = now >= this.scannedAt && now - this.scannedAt < FULL_SCAN_MS ? this.cursor : undefined;
    const wanted = limit + exclude.size + acked.size;
    const rows = (
      cursor ? this.sql.dueAfter.all(now, cursor.at, cursor.id, wanted) : this.sql.due.all(now, wanted)
    ) as DueRow[];
    if (!cursor) [this.scannedAt, this.cursorVersion] = [now, this.tally.version];
    const fresh = rows.filter((r) => !exclude.has(r.id) && acked.get(r.id) !== r.version);
    const due = fresh.slice(0, limit);
    // Past what was read when all of it was handed out or is in flight; else past the last handed out.
    const last = due.length === fresh.length ? rows.at(-1) : due.at(-1);
    if (last) this.cursor = { at: last.dueAt, id: last.id };
    else if (!cursor) this.cursor = undefined;
    return due;
  }

  nextDueAt(): number | undefined {
    this.flushAcks();
    return (this.sql.nextDue.get() as number | null) ?? undefined;
  }

  /** Acknowledgements are batched too: many deliveries share one commit. A crash before it redelivers. */
  delivered(record: DueRecord): void {
    this.flightEnded(record.id);
    this.acks.push(record);
    if (this.acks.length === 1) setTimeout(() => this.flushAcksOnTimer(), 5).unref();
  }

  /**
   * A timer's throw would end the process: on a full disk the acknowledgements wait and are tried
   * again in a second (and by the worker's next look at the queue); a crash meanwhile redelivers.
   */
  private flushAcksOnTimer(): void {
    try {
      this.flushAcks();
    } catch {
      setTimeout(() => this.flushAcksOnTimer(), 1_000).unref();
    }
  }

  private flushAcks(): void {
    const acks = this.acks;
    if (acks.length === 0) return;
    this.acks = [];
    try {
      this.relaxed(() => {
        let removed = 0;
        for (const record of acks) removed += this.removeDelivered(record);
        // One counter update per batch, not per record: it was a fifth of the ack's SQL.
        if (removed > 0) this.sql.addCounter.run(removed, 'delivered');
      });
    } catch (error) {
      this.acks = acks.concat(this.acks);
      throw error;
    }
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
    this.relaxed(() =>
      this.sql.retryLater.run(countAttempt ? 1 : 0, nextAttemptAt, errorText(error), record.id, record.version),
    );
    this.flightEnded(record.id);
    if (this.cursor && nextAttemptAt <= this.cursor.at) this.cursor = undefined;
  }

  deadLetter(ids: number[], error: string): void {
    this.dead.mark(ids, error);
    for (const id of ids) this.flightEnded(id);
  }

  /**
   * A record whose body was replaced may have been in flight: claims made meanwhile read past its
   * row (left out as in flight), so once its flight ends the newer body waits behind the cursor.
   */
  private flightEnded(id: number): void {
    if (this.replaced.delete(id)) this.cursor = undefined;
  }

  requeueDead(ids?: number[]): number {
    this.cursor = undefined;
    return this.dead.requeue(ids);
  }

  deadLetters(options: { kind?: RecordKind; limit: number }): DeadLetter[] {
    return this.dead.list(options);
  }

  purgeDead(before: number): number {
    return this.dead.purge(before);
  }

  /** From the in-memory tally (no table scan) plus the three persisted counters and an indexed MIN. */
  counts(): OutboxCounts {
    try {
      this.flushAcks();
      this.tally.sync();
      const { queued, dead, bytes } = this.tally;
      const counters = Object.fromEntries(
        (this.sql.counters.all() as { name: string; value: number }[]).map((c) => [c.name, c.value]),
      );
      const oldest = this.sql.oldestQueued.get() as number | null;
      return {
        queued: { ...queued },
        dead: { ...dead },
        bytes,
        accepted: counters['accepted'] ?? 0,
        delivered: counters['delivered'] ?? 0,
        coalesced: counters['coalesced'] ?? 0,
        oldestQueuedAt: oldest ?? undefined,
      };
    } catch (error) {
      // A disk that fails a read is a 503 like a failed write, never a 500 (`/stats`, `/metrics`, the debugger).
      throw asStorageError(error);
    }
  }

  /** Once a minute: forget the slices of ids older than the duplicate window, give back excess free pages. */
  private maintain(): void {
    try {
      this.forgetOldIds();
      releaseFreePages(this.db);
    } catch {
      // A disk that fails now fails the next commit too, which answers 503; nothing to do here.
    }
  }

  /** Drops the duplicate window's slices that are past it; how many went. */
  forgetOldIds(): number {
    return this.seen.forget(this.now());
  }

  notePause(reason: string | undefined): void {
    this.sql.setMeta.run('paused', reason ?? '');
  }

  pauseNote(): string | undefined {
    return (this.sql.getMeta.get('paused') as string | undefined) || undefined;
  }

  fullness(): string | undefined {
    this.tally.sync();
    if (this.tally.records >= this.limits.records) return `${this.limits.records} records`;
    return this.tally.bytes >= this.limits.bytes ? `${this.limits.bytes} bytes` : undefined;
  }

  /**
   * Why a write fails now, naming what to fix; undefined once one succeeds. After a commit the disk
   * refused, the probe writes as much as that commit did (`probeBytes`): a disk with room for the
   * probe's one small row, in pages SQLite had freed, is not one with room for records.
   */
  writeProblem(): string | undefined {
    const refused = this.way.refusal;
    try {
      this.sql.probe.run(refused ? 'x'.repeat(probeBytes(refused.bytes)) : String(this.now()));
      this.way.refusal = undefined;
      return undefined;
    } catch (error) {
      return unwritableReason(this.dataDir, error);
    }
  }

  close(): void {
    clearInterval(this.maintenance);
    this.way.flush();
    this.flushAcks();
    this.db.close();
  }
}
