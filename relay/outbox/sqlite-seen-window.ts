import type Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { currentSlice, seenKey, sliceExpiresAt, type DedupeWindow } from '../shared/dedupe-window.js';

/** A slice's table: `seen_<slice length in ms>_<slice number>`, so a changed window length never reuses one. */
const SLICE_TABLE = /^seen_(\d+)_(\d+)$/;
const addSql = (table: string) => `INSERT OR IGNORE INTO ${table} (key) VALUES (?)`;

interface SliceTable {
  name: string;
  expiresAt: number;
  has: Database.Statement;
  add: Database.Statement;
}

/**
 * The SQLite outbox's duplicate window: one `WITHOUT ROWID` table of 16-byte keys per
 * slice (no timestamp, no age index), in the outbox's file so an id and its record commit together.
 * The oldest slice goes with one `DROP TABLE`. Another process on the same file (the CLI's import)
 * may add or drop a slice: the table list is read again whenever the schema changed.
 */
export class SqliteSeenWindow {
  private readonly salt: Buffer;
  private tables: SliceTable[] = [];
  private current: SliceTable | undefined;
  private schemaVersion = -1;
  /** Prepared once: `db.pragma()` prepares its statement on every call, and `begin` runs once a commit. */
  private readonly readSchemaVersion: Database.Statement;

  constructor(
    private readonly db: Database.Database,
    private readonly window: DedupeWindow,
    now: number,
  ) {
    this.salt = this.loadSalt();
    this.readSchemaVersion = db.prepare('PRAGMA schema_version').pluck();
    this.db.transaction(() => this.moveLegacyIds(now))();
  }

  /** Readies the slices for a commit at `now`; call inside the commit's transaction. */
  begin(now: number): void {
    const version = this.readSchemaVersion.get() as number;
    if (version === this.schemaVersion && this.current?.name === this.tableName(currentSlice(this.window, now))) return;
    this.ensureTable(currentSlice(this.window, now));
    this.readTables(now);
  }

  /** True when `id` is new (and now remembered), false when the window holds it: a duplicate. */
  claim(id: string): boolean {
    const key = seenKey(this.salt, id);
    for (const table of this.tables) if (table !== this.current && table.has.get(key) !== undefined) return false;
    return (this.current as SliceTable).add.run(key).changes === 1;
  }

  /** Drops the slices whose every id is older than the window; how many went. */
  forget(now: number): number {
    const gone = this.listTables().filter((t) => t.expiresAt <= now);
    if (gone.length === 0) return 0;
    this.db.transaction(() => gone.forEach((t) => this.db.exec(`DROP TABLE IF EXISTS ${t.name}`)))();
    this.readTables(now);
    return gone.length;
  }

  private tableName(slice: number): string {
    return `seen_${this.window.sliceMs}_${slice}`;
  }

  private ensureTable(slice: number): void {
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${this.tableName(slice)} (key BLOB PRIMARY KEY) WITHOUT ROWID`);
  }

  private listTables(): { name: string; expiresAt: number }[] {
    const names = this.db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB 'seen_*_*'`)
      .pluck()
      .all() as string[];
    return names.flatMap((name) => {
      const match = SLICE_TABLE.exec(name);
      if (!match) return [];
      const sliceMs = Number(match[1]);
      return [{ name, expiresAt: sliceExpiresAt({ sliceMs, windowMs: this.window.windowMs }, Number(match[2])) }];
    });
  }

  private readTables(now: number): void {
    const wanted = this.tableName(currentSlice(this.window, now));
    const known = new Map(this.tables.map((t) => [t.name, t]));
    this.tables = this.listTables()
      .filter((t) => t.expiresAt > now || t.name === wanted)
      .map((t) => known.get(t.name) ?? this.prepare(t));
    this.current = this.tables.find((t) => t.name === wanted);
    this.schemaVersion = this.readSchemaVersion.get() as number;
  }

  private prepare(table: { name: string; expiresAt: number }): SliceTable {
    return {
      ...table,
      has: this.db.prepare(`SELECT 1 FROM ${table.name} WHERE key = ?`).pluck(),
      add: this.db.prepare(addSql(table.name)),
    };
  }

  /** The file's own salt, made once: keys from another file's salt would never match. */
  private loadSalt(): Buffer {
    this.db
      .prepare(`INSERT OR IGNORE INTO meta (name, value) VALUES ('seen_salt', ?)`)
      .run(randomBytes(16).toString('hex'));
    return Buffer.from(
      this.db.prepare(`SELECT value FROM meta WHERE name = 'seen_salt'`).pluck().get() as string,
      'hex',
    );
  }

  /** Ids an earlier version remembered in `seen_events` (one row each, with its time) go to their slices, once. */
  private moveLegacyIds(now: number): void {
    const legacy = this.db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'seen_events'`)
      .pluck()
      .get();
    if (legacy === undefined) return;
    // In pages by id: better-sqlite3 runs nothing else on the connection while an iterator is open.
    const page = this.db
      .prepare(
        `SELECT event_id, seen_at FROM seen_events WHERE seen_at > ? AND event_id > ? ORDER BY event_id LIMIT 10000`,
      )
      .raw();
    const adds = new Map<number, Database.Statement>();
    let rows = page.all(now - this.window.windowMs, '') as [string, number][];
    while (rows.length > 0) {
      for (const [id, seenAt] of rows) this.addTo(adds, currentSlice(this.window, seenAt)).run(seenKey(this.salt, id));
      rows = page.all(now - this.window.windowMs, (rows[rows.length - 1] as [string, number])[0]) as [string, number][];
    }
    this.db.exec('DROP TABLE seen_events');
  }

  private addTo(adds: Map<number, Database.Statement>, slice: number): Database.Statement {
    let add = adds.get(slice);
    if (!add) {
      this.ensureTable(slice);
      add = this.db.prepare(addSql(this.tableName(slice)));
      adds.set(slice, add);
    }
    return add;
  }
}
