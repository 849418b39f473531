import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { probeBytes, unwritableReason } from '../../../relay/outbox/sqlite-write-probe.js';

describe('probeBytes(refusedBytes)', () => {
  it('writes four times the refused bodies, at least sixteen pages and at most 4 MiB', () => {
    assert.deepEqual([1, 16_384, 100_000, 10_000_000].map(probeBytes), [65_536, 65_536, 400_000, 4_194_304]);
  });
});

describe('unwritableReason(dataDir, error)', () => {
  const sqlite = (code: string) => Object.assign(new Error('from SQLite'), { code });

  it('names a full disk as one, with the data directory and its setting', () => {
    assert.equal(
      unwritableReason('/var/lib/shopbeacon', sqlite('SQLITE_FULL')),
      'the disk of the data directory /var/lib/shopbeacon is full (SQLITE_FULL): the outbox refuses records until there is room (SHOPBEACON_DATA_DIR)',
    );
  });

  it("names any other failure by SQLite's primary code, or by its message when it has none", () => {
    assert.equal(
      unwritableReason('/d', sqlite('SQLITE_IOERR_WRITE')),
      'the outbox cannot be written in the data directory /d (SQLITE_IOERR)',
    );
    assert.equal(
      unwritableReason('/d', new Error('no such thing')),
      'the outbox cannot be written in the data directory /d (no such thing)',
    );
  });
});
