import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { openSqlite } from '../../../relay/shared/sqlite-driver.js';
import { guessPageSize, tableLeafRows } from '../../../relay/outbox/sqlite-page-scan.js';

type Cell = null | number | bigint | string | Uint8Array;

/** A file of one table `t (id INTEGER PRIMARY KEY, a, b, c)` holding `rows`, written by SQLite itself. */
function fileWith(rows: Cell[][], pageSize = 4096, autoVacuum = 0): string {
  const file = join(mkdtempSync(join(tmpdir(), 'sb-scan-')), 'scan.sqlite');
  const db = openSqlite(file);
  db.defaultSafeIntegers(true);
  db.pragma(`page_size = ${pageSize}`);
  db.pragma(`auto_vacuum = ${autoVacuum}`);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, a, b, c)');
  const insert = db.prepare('INSERT INTO t (a, b, c) VALUES (?, ?, ?)');
  const bindable = (value: Cell) => (value instanceof Uint8Array ? Buffer.from(value) : value);
  db.transaction(() => rows.forEach((row) => insert.run(...row.map(bindable))))();
  db.close();
  return file;
}

/** The rows of `t` the scan finds, by rowid, as the values SQLite would give (integers as numbers where they fit). */
function scanned(file: string): Map<number, Cell[]> {
  const found = new Map<number, Cell[]>();
  const plain = (value: Cell) => (value instanceof Uint8Array ? Uint8Array.from(value) : value);
  for (const { rowid, values } of tableLeafRows(file))
    if (values.length === 4) found.set(rowid, values.slice(1).map(plain));
  return found;
}

const asSqliteGives = (value: Cell): Cell =>
  typeof value === 'bigint' && value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : value instanceof Uint8Array
      ? Uint8Array.from(value)
      : value;

const cell: fc.Arbitrary<Cell> = fc.oneof(
  fc.constant(null),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.integer({ min: -300, max: 300 }).map(BigInt),
  fc.double({ noNaN: true }).filter((x) => !Number.isInteger(x)),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  // Long enough to spill onto overflow pages at every page size.
  fc.string({ minLength: 600, maxLength: 9000 }),
  fc.uint8Array({ maxLength: 5000 }),
);

function overwritePage(file: string, page: number, pageSize: number): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (page - 1) * pageSize);
  closeSync(fd);
}

describe('tableLeafRows(file)', () => {
  it('reads back every row SQLite wrote, value for value, overflow pages included, at every page size', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(cell, cell, cell), { minLength: 1, maxLength: 40 }),
        fc.constantFrom(512, 1024, 4096, 65_536),
        (rows, pageSize) => {
          const file = fileWith(rows, pageSize);
          try {
            const found = scanned(file);
            assert.equal(found.size, rows.length);
            rows.forEach((row, i) => assert.deepEqual(found.get(i + 1), row.map(asSqliteGives), `row ${i + 1}`));
          } finally {
            rmSync(join(file, '..'), { recursive: true, force: true });
          }
        },
      ),
      // A failing file is found at once; shrinking it, file by file, would take minutes.
      { numRuns: 60, endOnFailure: true },
    );
  });

  it('reads the rows of leaves whose root page is overwritten, which SQLite can no longer reach', () => {
    const rows = Array.from({ length: 400 }, (_, i): Cell[] => [BigInt(i), 'x'.repeat(200), null]);
    const file = fileWith(rows);
    try {
      const root = 2;
      overwritePage(file, root, 4096);
      const db = openSqlite(file, { readonly: true });
      assert.throws(() => db.prepare('SELECT count(*) FROM t').get(), /malformed/);
      db.close();
      assert.equal(scanned(file).size, 400);
    } finally {
      rmSync(join(file, '..'), { recursive: true, force: true });
    }
  });

  /** A file of 400 rows, those after the hundredth deleted: the pages that held them are free now. */
  function fileWithFreedPages(autoVacuum: number): string {
    const file = fileWith(
      Array.from({ length: 400 }, (_, i): Cell[] => [BigInt(i), 'x'.repeat(200), null]),
      4096,
      autoVacuum,
    );
    const db = openSqlite(file);
    db.exec('DELETE FROM t WHERE id > 100');
    assert.ok((db.pragma('freelist_count', { simple: true }) as number) > 10);
    db.close();
    return file;
  }

  const firstHundred = Array.from({ length: 100 }, (_, i) => i + 1);
  const idsIn = (file: string) => [...scanned(file).keys()].sort((a, b) => a - b);

  it('passes over the pages on the free list: the rows they still hold were deleted', () => {
    const file = fileWithFreedPages(0);
    try {
      assert.deepEqual(idsIn(file), firstHundred);
    } finally {
      rmSync(join(file, '..'), { recursive: true, force: true });
    }
  });

  it('passes over the pages the pointer map marks free (auto_vacuum) when the header no longer leads to the free list', () => {
    const file = fileWithFreedPages(2);
    try {
      const fd = openSync(file, 'r+');
      writeSync(fd, Buffer.alloc(8), 0, 8, 32);
      closeSync(fd);
      assert.deepEqual(idsIn(file), firstHundred);
    } finally {
      rmSync(join(file, '..'), { recursive: true, force: true });
    }
  });

  it('reads a file whose header is overwritten, its page size told by where its cells end', () => {
    for (const pageSize of [1024, 4096, 8192]) {
      const file = fileWith(
        Array.from({ length: 300 }, (_, i): Cell[] => [BigInt(i), 'y'.repeat(300), null]),
        pageSize,
      );
      try {
        const fd = openSync(file, 'r+');
        writeSync(fd, Buffer.from('NOT A DATABASE FILE AT ALL!!'), 0, 28, 0);
        assert.equal(guessPageSize(fd, statSync(file).size), pageSize);
        closeSync(fd);
        assert.equal(scanned(file).size, 300, `page size ${pageSize}`);
      } finally {
        rmSync(join(file, '..'), { recursive: true, force: true });
      }
    }
  });

  it('finds nothing in a file of no pages, or of bytes that are no SQLite file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-scan-'));
    try {
      const empty = join(dir, 'empty');
      closeSync(openSync(empty, 'w'));
      assert.deepEqual([...tableLeafRows(empty)], []);
      const noise = join(dir, 'noise');
      const fd = openSync(noise, 'w');
      writeSync(fd, Buffer.alloc(64 * 1024, 0xa5));
      closeSync(fd);
      assert.deepEqual([...tableLeafRows(noise)], []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
