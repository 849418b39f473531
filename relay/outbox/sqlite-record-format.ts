/**
 * SQLite's on-disk record format (sqlite.org/fileformat2.html, "Record Format"), read without
 * SQLite: a page whose tree is lost can still be read cell by cell.
 */

/** A value as a record holds it. */
export type RecordValue = null | number | bigint | string | Uint8Array;

/** Bytes a serial type's integer takes (types 1 to 6). */
const INTEGER_BYTES = [0, 1, 2, 3, 4, 6, 8];

/** Garbage is refused, not turned into U+FFFD: a damaged text is no record. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The varint at `offset`: big-endian, seven bits a byte while the high bit is set, the ninth byte
 * whole. A value beyond 2^53 is refused: no length or row id of an outbox is that large.
 */
export function readVarint(bytes: Uint8Array, offset: number): { value: number; next: number } {
  let value = 0n;
  for (let i = 0; i < 9; i += 1) {
    const byte = bytes[offset + i];
    if (byte === undefined) throw new RangeError('a varint runs past the page');
    if (i === 8) {
      value = (value << 8n) | BigInt(byte);
      return { value: safeNumber(value), next: offset + 9 };
    }
    value = (value << 7n) | BigInt(byte & 0x7f);
    if ((byte & 0x80) === 0) return { value: safeNumber(value), next: offset + i + 1 };
  }
  throw new RangeError('unreachable');
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('a varint beyond 2^53');
  return Number(value);
}

function readInteger(bytes: Uint8Array, offset: number, size: number): number | bigint {
  if (offset + size > bytes.length) throw new RangeError('an integer runs past the record');
  let value = 0n;
  for (const byte of bytes.subarray(offset, offset + size)) value = (value << 8n) | BigInt(byte);
  if (size > 0 && ((bytes[offset] ?? 0) & 0x80) !== 0) value -= 1n << BigInt(8 * size);
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** One value of `serialType` at `offset`, and how many bytes it took. */
function readValue(bytes: Uint8Array, offset: number, serialType: number): { value: RecordValue; size: number } {
  if (serialType === 0) return { value: null, size: 0 };
  if (serialType <= 6) {
    const size = INTEGER_BYTES[serialType] ?? 0;
    return { value: readInteger(bytes, offset, size), size };
  }
  if (serialType === 7) {
    if (offset + 8 > bytes.length) throw new RangeError('a float runs past the record');
    return { value: new DataView(bytes.buffer, bytes.byteOffset + offset, 8).getFloat64(0), size: 8 };
  }
  if (serialType === 8 || serialType === 9) return { value: serialType - 8, size: 0 };
  if (serialType < 12) throw new RangeError(`serial type ${serialType} is reserved`);
  const size = Math.floor((serialType - 12) / 2);
  if (offset + size > bytes.length) throw new RangeError('a text or blob runs past the record');
  const raw = bytes.subarray(offset, offset + size);
  return { value: serialType % 2 === 1 ? UTF8.decode(raw) : raw, size };
}

/** The values of one record (its header of serial types, then their bytes); throws where it does not hold together. */
export function decodeRecord(payload: Uint8Array): RecordValue[] {
  const header = readVarint(payload, 0);
  if (header.value > payload.length || header.value < header.next)
    throw new RangeError('a record header out of bounds');
  const types: number[] = [];
  for (let at = header.next; at < header.value;) {
    const type = readVarint(payload, at);
    types.push(type.value);
    at = type.next;
  }
  const values: RecordValue[] = [];
  let at = header.value;
  for (const type of types) {
    const { value, size } = readValue(payload, at, type);
    values.push(value);
    at += size;
  }
  if (at !== payload.length) throw new RangeError('a record longer or shorter than its header says');
  return values;
}

/**
 * How much of a table leaf cell's payload of `payloadSize` bytes stays on its page; the rest is on
 * overflow pages. The file format's own arithmetic for a page of `usable` bytes.
 */
export function localPayloadSize(payloadSize: number, usable: number): number {
  const most = usable - 35;
  if (payloadSize <= most) return payloadSize;
  const least = Math.floor(((usable - 12) * 32) / 255) - 23;
  const spill = least + ((payloadSize - least) % (usable - 4));
  return spill <= most ? spill : least;
}
