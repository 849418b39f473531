// `npm run bench:dedupe [ids] [id length]`: the duplicate window on disk, the slices of
// 16-byte keys against the layout before them (`seen_events`: the id as text, its time and an age
// index, purged row by row). Each layout takes `ids` new ids (default 2,000,000, 20 characters)
// spread over one and a half windows of simulated time, 1,000 a commit, forgetting once a simulated
// minute as the relay does; so the window fills, then slides. Prints bytes per id the window holds
// at the end, the pages in use hourly once the window filled (flat: they stay in a band), and
// the time per claim over the last tenth (every slice live) with its spread over ten parts; writes
// them to bench/results/dedupe-latest.json (`disk`) and the paragraphs that state them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nanoid } from 'nanoid';
import { openSqlite } from '../dist/relay/shared/sqlite-driver.js';
import { dedupeWindow } from '../dist/relay/shared/dedupe-window.js';
import { SqliteSeenWindow } from '../dist/relay/outbox/sqlite-seen-window.js';
import { writeResults } from './results-file.mjs';
import { writeDocFigures } from './results-table.mjs';
import { fmt, range, spread } from './spread.mjs';

const N = Number(process.argv[2] ?? 2_000_000);
const LENGTH = Number(process.argv[3] ?? 20);
const WINDOW_MS = 24 * 3600_000;
const BATCH = 1_000;

function slices(db) {
  const window = new SqliteSeenWindow(db, dedupeWindow(WINDOW_MS), 0);
  return { begin: (now) => window.begin(now), claim: (id) => window.claim(id), forget: (now) => window.forget(now) };
}

function seenEvents(db) {
  db.exec(
    'CREATE TABLE seen_events (event_id TEXT PRIMARY KEY, seen_at INTEGER NOT NULL) WITHOUT ROWID; CREATE INDEX seen_events_age ON seen_events (seen_at);',
  );
  const mark = db.prepare(
    'INSERT INTO seen_events (event_id, seen_at) VALUES (?, ?) ON CONFLICT (event_id) DO UPDATE SET seen_at = excluded.seen_at WHERE seen_events.seen_at < ?',
  );
  const purge = db.prepare(
    'DELETE FROM seen_events WHERE event_id IN (SELECT event_id FROM seen_events WHERE seen_at < ? LIMIT 10000)',
  );
  let now = 0;
  return {
    begin: (at) => (now = at),
    claim: (id) => mark.run(id, now, now - WINDOW_MS).changes === 1,
    forget: (at) => {
      while (purge.run(at - WINDOW_MS).changes > 0);
    },
  };
}

const bytesOf = (db) => {
  db.pragma('wal_checkpoint(TRUNCATE)');
  return (
    (db.pragma('page_count', { simple: true }) - db.pragma('freelist_count', { simple: true })) *
    db.pragma('page_size', { simple: true })
  );
};

function run(name, layout) {
  const db = openSqlite(join(mkdtempSync(join(tmpdir(), 'sb-bench-dedupe-')), 'outbox.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID');
  const window = layout(db);
  const stepMs = (1.5 * WINDOW_MS) / (N / BATCH);
  const commit = db.transaction((ids, now) => {
    window.begin(now);
    for (const id of ids) window.claim(id);
  });
  const parts = [];
  const sizes = [];
  let lastForget = 0;
  let lastSize = 0;
  for (let i = 0, now = 0; i < N; i += BATCH, now += stepMs) {
    const ids = Array.from({ length: BATCH }, () => nanoid(LENGTH));
    const began = process.hrtime.bigint();
    commit(ids, now);
    if (i >= N * 0.9) parts.push(Number(process.hrtime.bigint() - began) / 1000 / BATCH);
    if (now - lastForget >= 60_000) {
      window.forget(now);
      lastForget = now;
    }
    if (now >= WINDOW_MS && now - lastSize >= 3600_000) {
      sizes.push(bytesOf(db) / 1e6);
      lastSize = now;
    }
  }
  const held = Math.round((N * WINDOW_MS) / (1.5 * WINDOW_MS));
  const end = bytesOf(db);
  db.close();
  const tenths = Array.from(
    { length: 10 },
    (_, k) =>
      parts.slice((k * parts.length) / 10, ((k + 1) * parts.length) / 10).reduce((a, b) => a + b, 0) /
      (parts.length / 10),
  );
  const row = {
    bytesPerId: +(end / held).toFixed(1),
    inUseMb: { min: Math.round(Math.min(...sizes)), max: Math.round(Math.max(...sizes)), hours: sizes.length },
    endMb: Math.round(end / 1e6),
    claimUs: spread(tenths),
  };
  console.log(
    `| ${name} | ${row.bytesPerId} | ${row.inUseMb.min}–${row.inUseMb.max} MB over ${row.inUseMb.hours} h, ${fmt(row.endMb)} MB at the end | ${range(row.claimUs, (x) => x.toFixed(2))} |`,
  );
  return row;
}

console.log(`${fmt(N)} ids of ${LENGTH} characters over 1.5 windows of 24 h (the window holds ~${fmt(N / 1.5)})\n`);
console.log(
  '| layout | bytes per id held | in use, hourly once the window filled | µs per claim, every slice live (median, min–max of tenths) |\n|---|---|---|---|',
);
const layouts = {
  seenEvents: run('seen_events (before the slices)', seenEvents),
  slices: run('slices of 16-byte keys', slices),
};
writeResults('dedupe', { disk: { ids: N, idLength: LENGTH, ...layouts } });
writeDocFigures();
