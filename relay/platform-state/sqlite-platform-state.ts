import type Database from 'better-sqlite3';
import type { RecordKind } from '../contract/kinds.js';
import { bodyHash } from '../shared/body-hash.js';
import { openStateDatabase } from '../shared/state-database.js';
import type { PlatformState } from './platform-state.js';

const SCHEMA = {
  name: 'the platform state (platforms.sqlite)',
  migrations: [
    `CREATE TABLE IF NOT EXISTS cursors (platform TEXT NOT NULL, kind TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (platform, kind)) WITHOUT ROWID;
     CREATE TABLE IF NOT EXISTS delivered (kind TEXT NOT NULL, key TEXT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (kind, key)) WITHOUT ROWID;`,
    'CREATE TABLE IF NOT EXISTS remembered (scope TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (scope, key)) WITHOUT ROWID;',
  ],
};

/**
 * The platform state of a single relay, in `platforms.sqlite` beside the outbox: a file of its
 * own, since a commit to outbox.sqlite from a second connection makes the outbox rebuild its
 * tallies. One relay per data directory, so the lease is always its own.
 */
export class SqlitePlatformState implements PlatformState {
  private readonly db: Database.Database;
  private readonly readCursor: Database.Statement;
  private readonly writeCursor: Database.Statement;
  private readonly readHash: Database.Statement;
  private readonly writeHash: Database.Statement;
  private readonly readScope: Database.Statement;
  private readonly readFact: Database.Statement;
  private readonly writeFact: Database.Statement;
  private pending = new Map<string, { kind: RecordKind; key: string; hash: string }>();
  private flushing: NodeJS.Immediate | undefined;

  constructor(dataDir: string) {
    // The cursor moves after the outbox's own fsync'd commit; losing its last move to a power cut
    // only sweeps that stretch again.
    this.db = openStateDatabase(dataDir, 'platforms.sqlite', SCHEMA);
    this.readCursor = this.db.prepare('SELECT at FROM cursors WHERE platform = ? AND kind = ?').pluck();
    this.writeCursor = this.db.prepare(
      'INSERT INTO cursors (platform, kind, at) VALUES (?, ?, ?) ON CONFLICT (platform, kind) DO UPDATE SET at = MAX(at, excluded.at)',
    );
    this.readHash = this.db.prepare('SELECT hash FROM delivered WHERE kind = ? AND key = ?').pluck();
    this.writeHash = this.db.prepare('INSERT OR REPLACE INTO delivered (kind, key, hash) VALUES (?, ?, ?)');
    this.readScope = this.db.prepare('SELECT key, value FROM remembered WHERE scope = ?').raw();
    this.readFact = this.db.prepare('SELECT value FROM remembered WHERE scope = ? AND key = ?').pluck();
    this.writeFact = this.db.prepare('INSERT OR REPLACE INTO remembered (scope, key, value) VALUES (?, ?, ?)');
  }

  recall(scope: string, keys?: readonly string[]): Map<string, string> {
    if (!keys) return new Map(this.readScope.all(scope) as [string, string][]);
    return new Map(
      keys.flatMap((key) => {
        const value = this.readFact.get(scope, key) as string | undefined;
        return value === undefined ? [] : [[key, value] as const];
      }),
    );
  }

  remember(scope: string, entries: ReadonlyMap<string, string>): void {
    this.db.transaction(() => {
      for (const [key, value] of entries) this.writeFact.run(scope, key, value);
    })();
  }

  cursor(platform: string, kind: string): number | undefined {
    return this.readCursor.get(platform, kind) as number | undefined;
  }

  moveCursor(platform: string, kind: string, at: number): void {
    this.writeCursor.run(platform, kind, at);
  }

  claimLease(): boolean {
    return true;
  }

  releaseLease(): void {}

  unchanged(records: readonly { kind: RecordKind; key: string; text: string }[]): boolean[] {
    return records.map(({ kind, key, text }) => {
      const hash = bodyHash(text);
      return (this.pending.get(`${kind}:${key}`)?.hash ?? this.readHash.get(kind, key)) === hash;
    });
  }

  delivered(kind: RecordKind, keys: readonly string[]): Set<string> {
    return new Set(
      keys.filter((key) => this.pending.has(`${kind}:${key}`) || this.readHash.get(kind, key) !== undefined),
    );
  }

  /**
   * Written on the next loop turn, one transaction for the acknowledgement batch: a kill -9 forgets
   * at most that batch's digests.
   */
  rememberDelivered(kind: RecordKind, key: string, text: string): void {
    this.pending.set(`${kind}:${key}`, { kind, key, hash: bodyHash(text) });
    this.flushing ??= setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushing = undefined;
    if (this.pending.size === 0) return;
    const pending = this.pending;
    this.pending = new Map();
    try {
      this.db.transaction(() => {
        for (const { kind, key, hash } of pending.values()) this.writeHash.run(kind, key, hash);
      })();
    } catch {
      // A disk that cannot take them now (full, read-only): kept for the next delivery's flush;
      // losing them only costs a resend.
      for (const [id, digest] of pending) if (!this.pending.has(id)) this.pending.set(id, digest);
    }
  }

  close(): void {
    clearImmediate(this.flushing);
    try {
      this.flush();
    } finally {
      this.db.close();
    }
  }
}
