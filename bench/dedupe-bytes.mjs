// `npm run bench:dedupe`: bytes per remembered id and time per claim of the duplicate window (issue #35),
// the slices of 16-byte keys against the layout before them (`seen_events`: the id as text, its
// time, and an age index). N ids of a given length, 1,000 a commit, as a full window holds them.
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../dist/relay/shared/sqlite-driver.js';
import { dedupeWindow } from '../dist/relay/shared/dedupe-window.js';
import { SqliteSeenWindow } from '../dist/relay/outbox/sqlite-seen-window.js';
import { nanoid } from 'nanoid';
const N = Number(process.argv[2] ?? 1_000_000), LEN = Number(process.argv[3] ?? 20);
function run(kind) {
  const file = join(mkdtempSync(join(tmpdir(), 'sb-seen-')), 'o.sqlite');
  const db = openSqlite(file); db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL'); if (process.env.CACHE_KIB) db.pragma(`cache_size = -${process.env.CACHE_KIB}`);
  db.exec('CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID');
  let claim, begin;
  if (kind === 'slices') { const w = new SqliteSeenWindow(db, dedupeWindow(), Date.now()); claim = (id) => w.claim(id); begin = (n) => w.begin(n); }
  else { db.exec('CREATE TABLE seen_events (event_id TEXT PRIMARY KEY, seen_at INTEGER NOT NULL) WITHOUT ROWID; CREATE INDEX seen_events_age ON seen_events (seen_at);');
    const st = db.prepare(`INSERT INTO seen_events (event_id, seen_at) VALUES (?, ?) ON CONFLICT (event_id) DO UPDATE SET seen_at = excluded.seen_at WHERE seen_events.seen_at < ?`);
    claim = (id) => st.run(id, Date.now(), Date.now() - 86400000).changes === 1; begin = () => {}; }
  const ids = Array.from({ length: N }, () => nanoid(LEN));
  const t0 = process.hrtime.bigint();
  const tx = db.transaction((batch) => { begin(Date.now()); for (const id of batch) claim(id); });
  for (let i = 0; i < N; i += 1000) tx(ids.slice(i, i + 1000));
  const us = Number(process.hrtime.bigint() - t0) / 1000 / N;
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pages = db.pragma('page_count', { simple: true }) * db.pragma('page_size', { simple: true });
  db.close();
  console.log(`${kind} ${N} ids of ${LEN} chars: ${(pages / N).toFixed(1)} B/id (file ${(statSync(file).size / 1e6).toFixed(1)} MB), ${us.toFixed(2)} µs/claim`);
}
run('seen_events'); run('slices');
