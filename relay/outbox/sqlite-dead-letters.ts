import type Database from 'better-sqlite3';
import type { RecordKind } from '../contract/kinds.js';
import { stringifyBody } from '../shared/exact-json.js';
import { asStorageError } from '../shared/storage-error.js';
import { errorText, type DeadLetter, type RefusedRecord } from './outbox.js';
import type { SqliteTally } from './sqlite-tally.js';
import type { Statements } from './sqlite-statements.js';
import { packVisitor } from './visitor-field.js';

interface SqliteDeadLettersOptions {
  db: Database.Database;
  sql: Statements;
  tally: SqliteTally;
  now: () => number;
  /** A transaction without the fsync (see `SqliteOutbox.relaxed`). */
  relaxed: <T>(work: () => T) => T;
}

/**
 * The SQLite outbox's dead letters: records kept with the reason they could not be delivered,
 * listed, put back, purged.
 */
export class SqliteDeadLetters {
  constructor(private readonly options: SqliteDeadLettersOptions) {}

  /** Records no way in may refuse (a webhook payload that maps to nothing valid), kept dead from the start. */
  add(refused: RefusedRecord[]): void {
    const { db, sql, tally } = this.options;
    const now = this.options.now();
    try {
      db.transaction(() => {
        for (const { record, error } of refused) {
          const text = stringifyBody(record.body);
          const id = sql.insert.run(
            record.kind,
            record.key,
            text,
            Buffer.byteLength(text),
            now,
            now,
            packVisitor(record.visitor),
          ).lastInsertRowid;
          sql.deadLetter.get(errorText(error), id);
          sql.addCounter.run(1, 'accepted');
        }
      })();
    } catch (error) {
      throw asStorageError(error);
    }
    tally.recount();
  }

  mark(ids: number[], error: string): void {
    const { sql, tally } = this.options;
    this.options.relaxed(() => {
      for (const id of ids) {
        const kind = sql.deadLetter.get(errorText(error), id) as RecordKind | undefined;
        if (kind) tally.movedToDead(kind);
      }
    });
  }

  requeue(ids?: number[]): number {
    const { db, sql, tally } = this.options;
    const now = this.options.now();
    if (!ids) {
      const moved = sql.requeueAll.run(now).changes;
      tally.recount();
      return moved;
    }
    return db.transaction(() =>
      ids.reduce((n, id) => {
        const kind = sql.requeueOne.get(now, id) as RecordKind | undefined;
        if (kind) tally.movedToQueue(kind);
        return n + (kind ? 1 : 0);
      }, 0),
    )();
  }

  list(options: { kind?: RecordKind; limit: number }): DeadLetter[] {
    const kind = options.kind ?? null;
    return this.options.sql.deadLetters.all(kind, kind, options.limit) as DeadLetter[];
  }

  purge(before: number): number {
    const purged = this.options.sql.purgeDead.run(before).changes;
    this.options.tally.recount();
    return purged;
  }
}
