import type Database from 'better-sqlite3';

/** A SQLite file's schema and how each earlier version of it becomes the next. */
export interface VersionedSchema {
  /** What the file is, for messages: "the outbox (outbox.sqlite)". */
  name: string;
  /**
   * Migration `i` takes a file from version `i` to `i + 1`, in one transaction with the new
   * `PRAGMA user_version`. Migration 0 creates the first versioned schema, and is also what a file
   * written before versions existed (version 0, with the same tables) needs: `IF NOT EXISTS` throughout.
   */
  migrations: readonly string[];
}

/** A data file written by a newer shopbeacon: refused at start, untouched (a rolled-back relay must not corrupt it). */
export class SchemaTooNewError extends Error {
  override readonly name = 'SchemaTooNewError';
  readonly code = 'schema_too_new';
}

/** Brings the file to the schema's latest version, or refuses one newer than this code knows. */
export function migrate(db: Database.Database, schema: VersionedSchema): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = schema.migrations.length;
  if (current > latest) {
    throw new SchemaTooNewError(
      `${schema.name} has schema version ${current}, written by a newer shopbeacon; this one knows versions up to ${latest}. Nothing was changed: run the newer version, or restore the data directory's backup`,
    );
  }
  if (current === latest) return;
  db.transaction(() => {
    for (let version = current; version < latest; version++) db.exec(schema.migrations[version] as string);
    db.pragma(`user_version = ${latest}`);
  })();
}
