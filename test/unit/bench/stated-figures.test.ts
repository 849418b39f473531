import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  dedupeDiskParagraph,
  dedupeRedisParagraph,
  dedupeSizing,
  growthParagraph,
  listed,
  outageParagraph,
  snippetStartParagraph,
  sweepParagraph,
  windowSoakSentence,
} from '../../../bench/stated-figures.mjs';

const spread = (median: number, min: number, max: number) => ({ median, min, max });
const growth = {
  date: '2026-12-03T12:00:00.000Z',
  dates: { backlog: '2026-12-03T12:00:00.000Z', import: '2026-12-01T09:00:00.000Z' },
  backlog: [
    { backend: 'sqlite' as const, queued: 0, ingestRps: 4_222, deliveryRps: 2_115 },
    { backend: 'sqlite' as const, queued: 1_000_000, ingestRps: 4_360, deliveryRps: 6_460 },
    { backend: 'redis' as const, queued: 0, ingestRps: 4_948, deliveryRps: 2_479 },
    { backend: 'redis' as const, queued: 1_000_000, ingestRps: 5_247, deliveryRps: 3_960 },
  ],
  import: [{ rows: 100_000, ordersPerSecond: 3_547, peakMb: 227 }],
  sweep: [
    { orders: 10_000, rate: 1_539, peakRssMb: 230 },
    { orders: 100_000, rate: 1_910, peakRssMb: 243 },
  ],
};
const dedupe = {
  dates: { disk: '2026-12-03T11:51:00.000Z', redis: '2026-12-03T11:52:00.000Z' },
  disk: {
    ids: 2_000_000,
    idLength: 20,
    slices: { bytesPerId: 29.1, inUseMb: { min: 31, max: 38, hours: 12 }, claimUs: spread(36.6, 30, 38.1) },
    seenEvents: { bytesPerId: 67.5, inUseMb: { min: 89, max: 90, hours: 12 }, claimUs: spread(52, 48.4, 56.7) },
  },
  redis: {
    ids: 1_000_000,
    idLength: 20,
    slices: { bytesPerId: 30.4, encodings: 'listpack' },
    keyPerId: { bytesPerId: 128.8, encodings: 'string keys' },
  },
};

describe('the paragraphs that state the benches’ figures (bench/stated-figures.mjs)', () => {
  it('lists two or more items with “and” before the last, and one item alone', () => {
    assert.equal(listed([1, 2, 3]), '1, 2 and 3');
    assert.equal(listed(['a']), 'a');
  });

  it('states each growth row with the date that row was measured, not the file’s last date', () => {
    const text = growthParagraph(growth);
    assert.match(text, /with 0 and 1,000,000 records queued \(2026-12-03\): SQLite 4,222 and 4,360 req\/s in/);
    assert.match(text, /Redis Streams 4,948 and 5,247 req\/s in, 2,479 and 3,960 records\/s out/);
    assert.match(text, /The import of 100,000 CSV rows \(2026-12-01\): 3,547 orders\/s, peak RSS 227 MB\./);
  });

  it('says which command measures a row the results do not hold yet, rather than leave it out', () => {
    const text = growthParagraph(growth);
    assert.match(text, /Connections: not measured yet \(`node bench\/growth\.mjs connections`\)\./);
    assert.match(outageParagraph(), /not measured yet \(`npm run bench:outage`\)/);
    assert.match(dedupeSizing({ disk: dedupe.disk }), /not measured yet/);
  });

  it('states the sweep’s rate and peak memory at each size, from growth’s sweep row', () => {
    assert.match(
      sweepParagraph(growth),
      /10,000 orders at 1,539 orders\/s, peak RSS 230 MB; 100,000 orders at 1,910 orders\/s, peak RSS 243 MB\./,
    );
  });

  it('states the outage’s cost as the median of its rounds with their min–max', () => {
    const outage = {
      date: '2026-12-03T12:05:00.000Z',
      idle: {
        events: 30_000,
        rounds: 3,
        core: spread(1.2, 1.1, 1.4),
        callsPerMinute: spread(15, 15, 15),
        drainSeconds: spread(13.1, 12.8, 13.9),
      },
    };
    assert.match(outageParagraph(outage), /1\.2 % \(1\.1–1\.4 %\) of a core, 15 \(15–15\) calls a minute/);
    assert.match(outageParagraph(outage), /drained in 13\.1 s \(12\.8–13\.9 s\)/);
  });

  it('sizes a day of 100 events/s from the bytes per id measured, the window and a quarter more', () => {
    // 100 × 86,400 ids × 29.1 B = 251 MB; a quarter more, 314 MB.
    assert.match(dedupeSizing(dedupe), /100 events\/s for 24 h is ~251–314 MB/);
    assert.match(dedupeSizing(dedupe), /an id takes 30\.4 B of memory, against 128\.8 B for a key per id/);
  });

  it('states both layouts of the window on disk and in Redis with their own dates', () => {
    assert.match(
      dedupeDiskParagraph(dedupe),
      /\(2026-12-03; 2,000,000 ids of 20 characters over a window and a half\)/,
    );
    assert.match(dedupeDiskParagraph(dedupe), /the slices hold 29\.1 B per id, .* 67\.5 B per id/);
    assert.match(dedupeRedisParagraph(dedupe), /30\.4 B of Redis memory per id \(buckets encoded as listpack\)/);
  });

  it('states the one-hour window soak’s disk figures from its results file', () => {
    const soak = {
      minutes: 95,
      eventsPerSecond: 187,
      lost: 0,
      duplicates: 0,
      disk: { outboxPeakMb: 18.9, walPeakMb: 4 },
    };
    assert.match(
      windowSoakSentence(soak),
      /A 95-minute soak .* at 187 events\/s .* at most 18\.9 MB, the WAL 4 MB, with 0 events lost/,
    );
  });
  it("states the snippet's start in the main thread's time against the 1 ms target, beside Plausible's, and its wall times", () => {
    const times = (thread: [number, number, number], wall: [number, number, number]) => ({
      threadMs: spread(...thread),
      wallMs: spread(...wall),
    });
    const results = (loadMedian: number) => ({
      dates: { start: '2026-12-07T15:00:00.000Z' },
      start: {
        runs: 21,
        chromium: '156.0.8078.129',
        load: times([loadMedian, 0.66, 1.2], [1.2, 0.72, 3.5]),
        idleStart: times([2.37, 2.09, 2.93], [9.89, 3.66, 19.87]),
        plausibleLoad: times([1.65, 1.43, 2.41], [4.36, 2.6, 14.71]),
      },
    });
    const met = snippetStartParagraph(results(0.77));
    assert.match(met, /^Latest \(2026-12-07; Chromium 156\.0\.8078\.129, 21 fresh pages each/);
    assert.match(
      met,
      /evaluating `dist\/shopbeacon\.js` 0\.77 ms \(0\.66–1\.20 ms\), target below 1 ms: met; Plausible's tracker .* 1\.65 ms/,
    );
    assert.match(met, /in idle time, 2\.37 ms \(2\.09–2\.93 ms\)\. The wall times.*: 1\.20 ms/);
    assert.match(snippetStartParagraph(results(1.02)), /target below 1 ms: missed/);
    assert.match(snippetStartParagraph(), /not measured yet \(`npm run bench:start`\)/);
  });
});
