import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { isPageSize, parseFileHeader, HEADER_BYTES, type FileHeader } from './sqlite-file-header.js';
import { decodeRecord, localPayloadSize, readVarint, type RecordValue } from './sqlite-record-format.js';

/**
 * The rows of an SQLite file read page by page, as SQLite's own `.recover` does: a table's leaf
 * pages hold its rows whether or not the pages above them (its root, an interior page, the header)
 * can still be read. Only SQLite's file format is assumed (sqlite.org/fileformat2.html), not
 * that any tree in the file holds together.
 */

/** A row found on a table leaf page: its rowid and its record's values, in column order. */
interface LeafRow {
  rowid: number;
  values: RecordValue[];
}

const TABLE_LEAF = 0x0d;
/** A leaf page's header: type, first free block, cell count, content start, fragmented bytes. */
const LEAF_HEADER_BYTES = 8;
/** The page size SQLite gives a new file, and the outbox has always had. */
const DEFAULT_PAGE_SIZE = 4096;
/** Pages looked at to tell the page size of a file whose header is gone. */
const PAGES_SAMPLED = 256;
/** The pointer map's code for a page on the free list. */
const PTRMAP_FREE = 2;

class PageFile {
  readonly pageCount: number;
  readonly usable: number;

  constructor(
    private readonly fd: number,
    size: number,
    readonly pageSize: number,
    reserved: number,
  ) {
    this.pageCount = Math.floor(size / pageSize);
    this.usable = pageSize - reserved;
  }

  has(page: number): boolean {
    return Number.isInteger(page) && page >= 1 && page <= this.pageCount;
  }

  /** Page `page` (numbered from 1), as written. */
  read(page: number): Buffer {
    const bytes = Buffer.alloc(this.pageSize);
    readSync(this.fd, bytes, 0, this.pageSize, (page - 1) * this.pageSize);
    return bytes;
  }
}

/** Where a page's b-tree header starts: page 1 has the file's header before it. */
const headerAt = (page: number) => (page === 1 ? HEADER_BYTES : 0);

/** The offsets of the cells of a table leaf page, or none when it is not one or its cell list does not fit. */
function leafCellOffsets(page: Buffer, number: number, usable: number): number[] {
  const at = headerAt(number);
  if (page[at] !== TABLE_LEAF) return [];
  const count = page.readUInt16BE(at + 3);
  const first = at + LEAF_HEADER_BYTES + 2 * count;
  if (first > usable) return [];
  const offsets: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const offset = page.readUInt16BE(at + LEAF_HEADER_BYTES + 2 * i);
    if (offset >= first && offset < usable) offsets.push(offset);
  }
  return offsets;
}

/** A table leaf cell's payload size, rowid, where its payload starts and how much of it is on the page. */
function cellLayout(page: Buffer, offset: number, usable: number) {
  const size = readVarint(page, offset);
  const rowid = readVarint(page, size.next);
  const local = localPayloadSize(size.value, usable);
  const end = rowid.next + local + (local < size.value ? 4 : 0);
  if (end > usable) throw new RangeError('a cell runs past its page');
  return { payloadSize: size.value, rowid: rowid.value, start: rowid.next, local, end };
}

/** A cell's whole payload: what is on its page, then its overflow pages in turn. */
function cellPayload(file: PageFile, page: Buffer, layout: ReturnType<typeof cellLayout>): Buffer {
  const parts = [page.subarray(layout.start, layout.start + layout.local)];
  let missing = layout.payloadSize - layout.local;
  let next = missing > 0 ? page.readUInt32BE(layout.start + layout.local) : 0;
  while (missing > 0) {
    if (!file.has(next)) throw new RangeError('an overflow page out of the file');
    const overflow = file.read(next);
    const take = Math.min(missing, file.usable - 4);
    parts.push(overflow.subarray(4, 4 + take));
    missing -= take;
    next = overflow.readUInt32BE(0);
  }
  return Buffer.concat(parts);
}

/** Whether a page reads as a table leaf of `pageSize` bytes: a cell of it ends on the page's last byte. */
function fitsPageSize(page: Buffer, number: number, pageSize: number): boolean {
  const offsets = leafCellOffsets(page, number, pageSize);
  return offsets.some((offset) => {
    try {
      return cellLayout(page, offset, pageSize).end === pageSize;
    } catch {
      return false;
    }
  });
}

/**
 * The page size of a file whose header no longer says it: the one at which the most pages read as
 * table leaves whose cells fill them to the last byte (the first cell written sits at a page's
 * end). At a multiple of the true size no cell reaches the end; at a fraction, the cells point
 * past it.
 */
export function guessPageSize(fd: number, size: number): number {
  let best = { pageSize: DEFAULT_PAGE_SIZE, fitting: 0 };
  for (let pageSize = 512; pageSize <= 65_536; pageSize *= 2) {
    const file = new PageFile(fd, size, pageSize, 0);
    let fitting = 0;
    for (let page = 1; page <= Math.min(file.pageCount, PAGES_SAMPLED); page += 1)
      if (fitsPageSize(file.read(page), page, pageSize)) fitting += 1;
    if (fitting > best.fitting) best = { pageSize, fitting };
  }
  return best.pageSize;
}

/** The free list's trunk pages and the leaf pages each lists, as far as the chain holds. */
function freeListPages(file: PageFile, firstTrunk: number): Set<number> {
  const free = new Set<number>();
  const perTrunk = file.usable / 4 - 2;
  for (let trunk = firstTrunk; file.has(trunk) && !free.has(trunk);) {
    free.add(trunk);
    const page = file.read(trunk);
    const count = page.readUInt32BE(4);
    if (count > perTrunk) break;
    for (let i = 0; i < count; i += 1) {
      const leaf = page.readUInt32BE(8 + 4 * i);
      if (file.has(leaf)) free.add(leaf);
    }
    trunk = page.readUInt32BE(0);
  }
  return free;
}

/** The pages the pointer map marks free (files with auto_vacuum): page 2 is its first page. */
function pointerMapFreePages(file: PageFile): Set<number> {
  const free = new Set<number>();
  const entries = Math.floor(file.usable / 5);
  for (let map = 2; file.has(map); map += entries + 1) {
    const page = file.read(map);
    for (let i = 0; i < entries; i += 1) if (page[5 * i] === PTRMAP_FREE) free.add(map + 1 + i);
  }
  return free;
}

function pageFileOf(fd: number, header: FileHeader): PageFile {
  const { size } = fstatSync(fd);
  const pageSize = header.intact && header.pageSize ? header.pageSize : guessPageSize(fd, size);
  const reserved = header.intact && isPageSize(pageSize) ? header.reserved : 0;
  return new PageFile(fd, size, pageSize, reserved);
}

/**
 * Every row on the file's table leaf pages that are not free (a page freed after its rows were
 * delivered keeps them; the free list and the pointer map say which pages those are). A cell that
 * does not read as a record is passed over. Rows of every table come: telling the outbox's apart
 * is the caller's.
 */
export function* tableLeafRows(path: string): Generator<LeafRow> {
  const fd = openSync(path, 'r');
  try {
    const first = Buffer.alloc(HEADER_BYTES);
    const header = parseFileHeader(first.subarray(0, readSync(fd, first, 0, HEADER_BYTES, 0)));
    const file = pageFileOf(fd, header);
    const free = freeListPages(file, header.firstFreeTrunk);
    if (header.autoVacuum) for (const page of pointerMapFreePages(file)) free.add(page);
    for (let number = 1; number <= file.pageCount; number += 1) {
      if (free.has(number)) continue;
      const page = file.read(number);
      for (const offset of leafCellOffsets(page, number, file.usable)) {
        let row: LeafRow;
        try {
          const layout = cellLayout(page, offset, file.usable);
          row = { rowid: layout.rowid, values: decodeRecord(cellPayload(file, page, layout)) };
        } catch {
          continue;
        }
        yield row;
      }
    }
  } finally {
    closeSync(fd);
  }
}
