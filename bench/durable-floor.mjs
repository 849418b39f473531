// The floor's durable work, shared by its two servers (floor-server.mjs, koa-floor-server.mjs): one
// SQLite WAL insert per event through the relay's own driver with synchronous=FULL, and its
// event_id remembered in the relay's own duplicate window (the same slice tables) in
// the same commit; the requests of one loop turn in one commit, each told once its commit is done.
// The window is part of the durable work any server that refuses a retried batch must do, so the
// relay's ratio to this floor measures the relay's own per-event work and nothing else.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate } from 'node:timers';
import { openSqlite } from '../dist/relay/shared/sqlite-driver.js';
import { dedupeWindow } from '../dist/relay/shared/dedupe-window.js';
import { SqliteSeenWindow } from '../dist/relay/outbox/sqlite-seen-window.js';

/** `store(events)` resolves once the events are committed with those of the same loop turn. */
export function durableStore() {
  const db = openSqlite(join(mkdtempSync(join(tmpdir(), 'sb-bench-floor-')), 'floor.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE events (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  db.exec('CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID');
  const seen = new SqliteSeenWindow(db, dedupeWindow(), Date.now());
  const insert = db.prepare('INSERT INTO events (body) VALUES (?)');
  const commitAll = db.transaction((batch) => {
    seen.begin(Date.now());
    for (const { events } of batch)
      for (const event of events)
        if (typeof event.event_id !== 'string' || seen.claim(event.event_id)) insert.run(JSON.stringify(event));
  });
  let waiting = [];
  const commit = () => {
    const batch = waiting;
    waiting = [];
    commitAll(batch);
    for (const { done } of batch) done();
  };
  return (events) => new Promise((done) => waiting.push({ events, done }) === 1 && setImmediate(commit));
}
