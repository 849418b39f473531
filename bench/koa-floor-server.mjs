// The floor's durable work (floor-server.mjs) served by the relay's framework: Koa with @koa/router
// and raw-body, as the relay reads a body. What the relay costs beyond this is its own work
// (validation, identity cookies, de-duplication, tallies, record events, metrics), not Koa's.
// Prints its URL.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { setImmediate } from 'node:timers';
import { join } from 'node:path';
import Router from '@koa/router';
import Koa from 'koa';
import getRawBody from 'raw-body';
import { openSqlite } from '../dist/relay/shared/sqlite-driver.js';

const db = openSqlite(join(mkdtempSync(join(tmpdir(), 'sb-bench-koa-floor-')), 'floor.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec('CREATE TABLE events (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
const insert = db.prepare('INSERT INTO events (body) VALUES (?)');
const commitAll = db.transaction((batch) => {
  for (const { events } of batch) for (const event of events) insert.run(JSON.stringify(event));
});

let waiting = [];
function commit() {
  const batch = waiting;
  waiting = [];
  commitAll(batch);
  for (const { done } of batch) done();
}
const stored = (events) => new Promise((done) => waiting.push({ events, done }) === 1 && setImmediate(commit));

const router = new Router();
router.post('/collect', async (ctx) => {
  const events = JSON.parse((await getRawBody(ctx.req, { limit: 65_536 })).toString('utf8')).events;
  await stored(events);
  ctx.body = { accepted: events.length };
});
const app = new Koa();
app.use(router.routes());
const server = createServer(app.callback());
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
