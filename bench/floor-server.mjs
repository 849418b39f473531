// The floor of this design (issue #28): what any durable ingest server must do for `/collect`, and
// nothing more. node:http; JSON.parse of the body; one SQLite WAL insert per event through the
// relay's own driver (better-sqlite3, `openSqlite`) with synchronous=FULL; the group commit on the
// next loop turn; the answer only after the commit. No validation, cookies, bots, de-duplication,
// tallies, events or metrics: what the relay does beyond this is what it costs over the floor.
// Prints its URL.
import { mkdtempSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { setImmediate } from 'node:timers';
import { join } from 'node:path';
import { openSqlite } from '../dist/relay/shared/sqlite-driver.js';

const db = openSqlite(join(mkdtempSync(join(tmpdir(), 'sb-bench-floor-')), 'floor.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec('CREATE TABLE events (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
const insert = db.prepare('INSERT INTO events (body) VALUES (?)');

let waiting = [];
const commitAll = db.transaction((batch) => {
  for (const { events } of batch) for (const event of events) insert.run(JSON.stringify(event));
});

function commit() {
  const batch = waiting;
  waiting = [];
  commitAll(batch);
  for (const { res, events } of batch) res.writeHead(200, { 'content-type': 'application/json' }).end(`{"accepted":${events.length}}`);
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let events;
    try {
      events = JSON.parse(Buffer.concat(chunks).toString('utf8')).events;
    } catch {
      return res.writeHead(400).end();
    }
    if (!Array.isArray(events)) return res.writeHead(400).end();
    if (waiting.push({ res, events }) === 1) setImmediate(commit);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
