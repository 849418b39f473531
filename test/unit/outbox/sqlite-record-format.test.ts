import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeRecord, localPayloadSize, readVarint } from '../../../relay/outbox/sqlite-record-format.js';

/** A varint as SQLite writes one (sqlite.org/fileformat2.html, "Varint"). */
function varint(value: bigint): number[] {
  // Past 56 bits: eight bytes of seven bits, each flagged, then the last eight bits whole.
  if (value >= 1n << 56n)
    return [...sevenBitGroups(value >> 8n, 8).map((group) => group | 0x80), Number(value & 0xffn)];
  const groups = sevenBitGroups(value, 1);
  return groups.map((group, i) => (i < groups.length - 1 ? group | 0x80 : group));
}

function sevenBitGroups(value: bigint, atLeast: number): number[] {
  const groups: number[] = [];
  while (value > 0n || groups.length < atLeast) {
    groups.unshift(Number(value & 0x7fn));
    value >>= 7n;
  }
  return groups;
}

describe('readVarint(bytes, offset)', () => {
  it('reads one to nine bytes as SQLite writes them, and says where the next value starts', () => {
    for (const value of [0n, 127n, 128n, 16_383n, 16_384n, 2n ** 32n, 2n ** 53n - 1n]) {
      const bytes = Uint8Array.from([0xff, ...varint(value), 0xff]);
      assert.deepEqual(readVarint(bytes, 1), { value: Number(value), next: bytes.length - 1 }, String(value));
    }
  });

  it('refuses a value beyond 2^53 and a varint cut off at the end of the bytes', () => {
    assert.throws(() => readVarint(Uint8Array.from(varint(2n ** 60n)), 0), RangeError);
    assert.throws(() => readVarint(Uint8Array.from([0x81, 0x82]), 0), RangeError);
  });
});

describe('decodeRecord(payload)', () => {
  it('reads each serial type: NULL, integers of every width with their sign, a float, 0 and 1, text and a blob', () => {
    const text = Buffer.from('é x');
    const header = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 13 + 2 * text.length, 12 + 2 * 2];
    const body = [
      [0xff],
      [0x01, 0x00],
      [0x80, 0x00, 0x00],
      [0x7f, 0xff, 0xff, 0xff],
      [0x00, 0x00, 0x00, 0x00, 0x01, 0x00],
      [0x80, 0, 0, 0, 0, 0, 0, 0],
      [...Buffer.from(new Float64Array([1.5]).buffer).reverse()],
      [],
      [],
      [...text],
      [0xde, 0xad],
    ].flat();
    const payload = Uint8Array.from([header.length + 1, ...header, ...body]);
    assert.deepEqual(decodeRecord(payload), [
      null,
      -1,
      256,
      -(2 ** 23),
      2 ** 31 - 1,
      256,
      -(2n ** 63n),
      1.5,
      0,
      1,
      'é x',
      Uint8Array.from([0xde, 0xad]),
    ]);
  });

  it('refuses a record whose values run past it or stop short of it, a reserved type, and text that is not UTF-8', () => {
    assert.throws(() => decodeRecord(Uint8Array.from([2, 4, 0, 1])), RangeError, 'a 4-byte integer with 2 bytes');
    assert.throws(() => decodeRecord(Uint8Array.from([2, 1, 7, 7])), RangeError, 'a byte left over');
    assert.throws(() => decodeRecord(Uint8Array.from([2, 10])), RangeError, 'type 10 is reserved');
    assert.throws(() => decodeRecord(Uint8Array.from([2, 15, 0xc3])), TypeError, 'half a UTF-8 character');
  });
});

describe('localPayloadSize(payloadSize, usable)', () => {
  it("keeps a payload whole on a 4096-byte page up to 4061 bytes, and spills the rest by the format's arithmetic", () => {
    assert.equal(localPayloadSize(4061, 4096), 4061);
    // M = (4084 * 32 / 255) - 23 = 489; K = M + (P - M) % 4092, kept when at most 4061.
    assert.equal(localPayloadSize(5000, 4096), 908);
    assert.equal(localPayloadSize(10_000, 4096), 1816);
    assert.equal(localPayloadSize(4062, 4096), 489, 'K past the most a page keeps: the least');
  });
});
