// The floor's durable work (durable-floor.mjs) served by the relay's framework: Koa with
// @koa/router and raw-body, as the relay reads a body. What the relay costs beyond this is its
// own work (validation, identity cookies, de-duplication, tallies, record events, metrics), not
// Koa's. Prints its URL.
import { createServer } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import getRawBody from 'raw-body';
import { durableStore } from './durable-floor.mjs';

const store = durableStore();
const router = new Router();
router.post('/collect', async (ctx) => {
  let events;
  try {
    events = JSON.parse((await getRawBody(ctx.req, { limit: 65_536 })).toString('utf8')).events;
  } catch {
    events = undefined;
  }
  if (!Array.isArray(events)) return void (ctx.status = 400);
  await store(events);
  ctx.body = { accepted: events.length };
});
const app = new Koa();
app.use(router.routes());
const server = createServer(app.callback());
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
