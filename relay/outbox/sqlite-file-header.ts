import { closeSync, openSync, readSync, writeSync } from 'node:fs';

/**
 * The first 100 bytes of an SQLite file (sqlite.org/fileformat2.html, "The Database Header"): what
 * reading its pages without SQLite needs, and the fixed fields written back where they were
 * overwritten, so that SQLite opens the file again.
 */

export const HEADER_BYTES = 100;
const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

export interface FileHeader {
  /** The magic string is there and the page size is one SQLite allows: the header may be believed. */
  intact: boolean;
  /** The page size it names; undefined when it names none SQLite allows. */
  pageSize: number | undefined;
  /** Bytes at each page's end kept for extensions; 0 for the outbox. */
  reserved: number;
  /** The first trunk page of the free list (0: none). */
  firstFreeTrunk: number;
  /** Whether pointer-map pages say each page's use (auto_vacuum): its free pages are marked there too. */
  autoVacuum: boolean;
}

/** Whether a size is one SQLite allows for a page: a power of two from 512 to 65536. */
export function isPageSize(size: number): boolean {
  return size >= 512 && size <= 65_536 && (size & (size - 1)) === 0;
}

export function parseFileHeader(bytes: Uint8Array): FileHeader {
  const header = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, HEADER_BYTES));
  if (header.length < HEADER_BYTES)
    return { intact: false, pageSize: undefined, reserved: 0, firstFreeTrunk: 0, autoVacuum: false };
  const written = header.readUInt16BE(16);
  const pageSize = written === 1 ? 65_536 : written;
  return {
    intact: header.subarray(0, MAGIC.length).equals(MAGIC) && isPageSize(pageSize),
    pageSize: isPageSize(pageSize) ? pageSize : undefined,
    reserved: header.readUInt8(20),
    firstFreeTrunk: header.readUInt32BE(32),
    autoVacuum: header.readUInt32BE(52) !== 0,
  };
}

/** The header of the file at `file`, read from its first 100 bytes. */
export function readFileHeader(file: string): FileHeader {
  const fd = openSync(file, 'r');
  try {
    const bytes = Buffer.alloc(HEADER_BYTES);
    const read = readSync(fd, bytes, 0, HEADER_BYTES, 0);
    return parseFileHeader(bytes.subarray(0, read));
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes the header's fixed fields (the magic string, `pageSize`, the format versions, no reserved
 * bytes, the payload fractions) over whatever overwrote them; the counters after them are kept.
 * The change counter is set to the one the in-header size is valid for, so SQLite believes that
 * size. `wal`: the file's journal is a WAL beside it.
 */
export function writeFixedHeader(file: string, pageSize: number, wal: boolean): void {
  const fd = openSync(file, 'r+');
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    readSync(fd, header, 0, HEADER_BYTES, 0);
    MAGIC.copy(header, 0);
    header.writeUInt16BE(pageSize === 65_536 ? 1 : pageSize, 16);
    header.writeUInt8(wal ? 2 : 1, 18);
    header.writeUInt8(wal ? 2 : 1, 19);
    header.writeUInt8(0, 20);
    header.writeUInt8(64, 21);
    header.writeUInt8(32, 22);
    header.writeUInt8(32, 23);
    header.copy(header, 24, 92, 96);
    writeSync(fd, header, 0, 28, 0);
  } finally {
    closeSync(fd);
  }
}
