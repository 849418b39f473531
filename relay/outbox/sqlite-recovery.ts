import type Database from 'better-sqlite3';
import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  linkSync,
  mkdtempSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { openSqlite } from '../shared/sqlite-driver.js';
import { formerOutboxTrace } from './sqlite-database.js';
import { RECORD_COLUMNS, type RecoveredRecord } from './recovered-record.js';
import { salvageRecords, type OutboxTotals, type ReadBy } from './salvage-records.js';
import { readFileHeader, writeFixedHeader } from './sqlite-file-header.js';
import { guessPageSize } from './sqlite-page-scan.js';
import { openOutboxDatabase } from './sqlite-database.js';

/** Records written to the new outbox per transaction: a million-record outbox is not one WAL. */
const WRITE_BATCH = 1_000;

export interface OutboxRecovery {
  /** Records read from the damaged file and written to the new one, by state. */
  recovered: { queued: number; dead: number };
  /** The same records by how they were read: through SQLite's tree, or from leaf pages no tree reaches. */
  readBy: Record<ReadBy, number>;
  /** What the damaged file held by its own totals (accepted less delivered); null when they cannot be read. */
  held: number | null;
  /** Of what it held, the records that could not be read; null when its totals cannot be read. */
  lost: number | null;
  /** The files kept as they were found: the damaged outbox, its -wal and -shm (none when nothing was left). */
  kept: string[];
}

/**
 * Whether SQLite reads the file whole and it is an outbox: then there is nothing to recover (and a
 * relay may be using it). A damaged file is left as it was found: the -wal and -shm SQLite made
 * beside it to look are removed (no relay opens a damaged outbox, so none is using them).
 */
function isIntact(file: string): boolean {
  const made = ['-wal', '-shm'].map((suffix) => file + suffix).filter((path) => !existsSync(path));
  let db: Database.Database | undefined;
  let intact = false;
  try {
    db = openSqlite(file, { readonly: true, fileMustExist: true });
    intact =
      db.pragma('quick_check(1)', { simple: true }) === 'ok' &&
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'records'").get() !== undefined;
  } catch {
    intact = false;
  } finally {
    db?.close();
  }
  if (!intact) for (const path of made) rmSync(path, { force: true });
  return intact;
}

/**
 * What the recovery reads: a copy of the damaged file (an empty one when it is missing) and its
 * WAL (reading replays a WAL into its file), with the header's fixed fields written back where
 * they were overwritten, so that SQLite opens it.
 */
function readableCopy(file: string, dir: string): string {
  const copy = join(dir, 'damaged.sqlite');
  if (existsSync(file)) copyFileSync(file, copy);
  else closeSync(openSync(copy, 'w'));
  const wal = existsSync(`${file}-wal`);
  if (wal) copyFileSync(`${file}-wal`, `${copy}-wal`);
  const header = readFileHeader(copy);
  const size = statSync(copy).size;
  if (header.intact || size === 0) return copy;
  const fd = openSync(copy, 'r');
  try {
    writeFixedHeader(copy, header.pageSize ?? guessPageSize(fd, size), wal);
  } finally {
    closeSync(fd);
  }
  return copy;
}

/** Reads what can be read of `damaged` into a new outbox in `dir`, its totals set so that accepted = delivered + queued + dead. */
function writeRecovered(damaged: string, dir: string) {
  const db = openOutboxDatabase(dir, 'FULL');
  try {
    const insert = db.prepare(
      `INSERT OR IGNORE INTO records (${RECORD_COLUMNS.join(', ')}) VALUES (${RECORD_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    const recovered = { queued: 0, dead: 0 };
    const readBy: Record<ReadBy, number> = { sqlite: 0, pages: 0 };
    let pending = 0;
    db.exec('BEGIN');
    const take = (record: RecoveredRecord, by: ReadBy) => {
      if (insert.run(record).changes === 0) return;
      recovered[record.state] += 1;
      readBy[by] += 1;
      if ((pending += 1) % WRITE_BATCH === 0) db.exec('COMMIT; BEGIN');
    };
    const totals: OutboxTotals | null = salvageRecords(damaged, take);
    const delivered = totals?.delivered ?? 0;
    db.prepare("UPDATE counters SET value = ? WHERE name = 'delivered'").run(delivered);
    db.prepare("UPDATE counters SET value = ? WHERE name = 'accepted'").run(
      delivered + recovered.queued + recovered.dead,
    );
    db.exec('COMMIT');
    // The new file whole in itself, no WAL beside it to leave behind when it is moved.
    db.pragma('journal_mode = DELETE');
    return { recovered, readBy, totals };
  } finally {
    db.close();
  }
}

/** Keeps `from` as `to` without touching it: a second name, or a copy where the file system has none. */
function keep(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to, constants.COPYFILE_EXCL);
  }
}

/**
 * Keeps the damaged outbox and its -wal and -shm under a new name, then puts the new outbox in its
 * place. The old journals go first: SQLite would replay them onto the new file.
 */
function replaceOutbox(dataDir: string, fresh: string, now: number): string[] {
  const file = join(dataDir, 'outbox.sqlite');
  const keptAs = `${file}.damaged-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
  const kept: string[] = [];
  for (const suffix of ['', '-wal', '-shm'])
    if (existsSync(file + suffix)) {
      keep(file + suffix, keptAs + suffix);
      kept.push(keptAs + suffix);
    }
  for (const suffix of ['-wal', '-shm']) rmSync(file + suffix, { force: true });
  renameSync(fresh, file);
  return kept;
}

/**
 * Reads what can still be read of a damaged `outbox.sqlite` into a new one: through SQLite, then
 * from the file's leaf pages (`salvage-records.ts`). The damaged file is read through a copy and
 * keeps its bytes; it is put aside only once the new outbox is written, so a recovery that fails
 * leaves it where it was. A missing or empty file where an outbox was kept is recovered too: into
 * an empty outbox, the loss said. The duplicate window starts empty (a batch sent again within
 * 24 hours of the damage may be delivered twice) and the pause note is not carried over.
 */
export function recoverOutbox(dataDir: string, now = Date.now()): OutboxRecovery {
  const file = join(dataDir, 'outbox.sqlite');
  if (!existsSync(file) && !formerOutboxTrace(dataDir))
    throw new Error(`there is no outbox to recover: ${file} does not exist`);
  if (existsSync(file) && isIntact(file))
    throw new Error(
      `${file} is not damaged (SQLite's quick_check finds nothing): there is nothing to recover, and a relay may be using it`,
    );
  let scratch: string | undefined;
  try {
    scratch = mkdtempSync(join(dataDir, '.outbox-recovery-'));
    const { recovered, readBy, totals } = writeRecovered(readableCopy(file, scratch), join(scratch, 'new'));
    const kept = replaceOutbox(dataDir, join(scratch, 'new', 'outbox.sqlite'), now);
    const held = totals ? totals.accepted - totals.delivered : null;
    const lost = held === null ? null : Math.max(0, held - recovered.queued - recovered.dead);
    return { recovered, readBy, held, lost, kept };
  } catch (error) {
    const reason = (error as Error).message.replace(/\s+/g, ' ');
    throw new Error(
      `the new outbox could not be written in ${dataDir} (${reason}): ${file} is left where it was, as it was; make room or fix the directory and run this again`,
    );
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}
