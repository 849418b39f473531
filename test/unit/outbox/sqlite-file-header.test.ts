import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../../../relay/shared/sqlite-driver.js';
import {
  isPageSize,
  parseFileHeader,
  readFileHeader,
  writeFixedHeader,
} from '../../../relay/outbox/sqlite-file-header.js';

/** A small file SQLite wrote, with `pageSize`, a free page and auto_vacuum as asked. */
function written(pageSize: number, autoVacuum: number, wal: boolean): string {
  const file = join(mkdtempSync(join(tmpdir(), 'sb-header-')), 'h.sqlite');
  const db = openSqlite(file);
  db.pragma(`page_size = ${pageSize}`);
  db.pragma(`auto_vacuum = ${autoVacuum}`);
  if (wal) db.pragma('journal_mode = WAL');
  db.exec("CREATE TABLE t (a); INSERT INTO t VALUES (randomblob(200000)); INSERT INTO t VALUES ('kept')");
  db.exec('DELETE FROM t WHERE length(a) > 100');
  db.close();
  return file;
}

function overwrite(file: string, bytes: Buffer): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, bytes, 0, bytes.length, 0);
  closeSync(fd);
}

describe('parseFileHeader(bytes)', () => {
  it('reads the page size (65536 written as 1), the free list, auto_vacuum and reserved bytes of a file SQLite wrote', () => {
    for (const [pageSize, autoVacuum] of [
      [512, 0],
      [4096, 2],
      [65_536, 0],
    ] as const) {
      const file = written(pageSize, autoVacuum, false);
      try {
        const header = readFileHeader(file);
        assert.equal(header.intact, true);
        assert.equal(header.pageSize, pageSize);
        assert.equal(header.autoVacuum, autoVacuum !== 0);
        assert.equal(header.reserved, 0);
        assert.ok(header.firstFreeTrunk > 1, 'the deleted blob left free pages');
      } finally {
        rmSync(join(file, '..'), { recursive: true, force: true });
      }
    }
  });

  it('does not believe a header without the magic string, with a page size SQLite does not allow, or cut short', () => {
    const header = readFileSync(written(4096, 0, false)).subarray(0, 100);
    assert.equal(parseFileHeader(Buffer.concat([Buffer.from('NOT SQLITE AT AL'), header.subarray(16)])).intact, false);
    const badSize = Buffer.from(header);
    badSize.writeUInt16BE(3000, 16);
    assert.deepEqual([parseFileHeader(badSize).intact, parseFileHeader(badSize).pageSize], [false, undefined]);
    assert.equal(parseFileHeader(header.subarray(0, 50)).intact, false);
    assert.deepEqual([512, 4096, 65_536, 3000, 256, 131_072].map(isPageSize), [true, true, true, false, false, false]);
  });
});

describe('writeFixedHeader(file, pageSize, wal)', () => {
  it('makes a file whose first 28 bytes were overwritten open again in SQLite, its rows whole, in rollback and WAL files alike', () => {
    for (const wal of [false, true]) {
      const file = written(4096, 2, wal);
      try {
        overwrite(file, Buffer.from('NOT A DATABASE FILE AT ALL!!'));
        assert.throws(() => openSqlite(file, { readonly: true }).pragma('page_count'), /not a database/);
        writeFixedHeader(file, 4096, wal);
        const db = openSqlite(file, { readonly: true });
        assert.equal(db.pragma('quick_check', { simple: true }), 'ok');
        assert.deepEqual(db.prepare('SELECT a FROM t').pluck().all(), ['kept']);
        assert.equal(db.pragma('journal_mode', { simple: true }), wal ? 'wal' : 'delete');
        db.close();
      } finally {
        rmSync(join(file, '..'), { recursive: true, force: true });
      }
    }
  });
});
