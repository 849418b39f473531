import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { describe, it, type TestContext } from 'node:test';
import Router from '@koa/router';
import Koa from 'koa';
import { errorHandler, notFound } from '../../../relay/http/error-handler.js';
import { HttpError } from '../../../relay/http/http-error.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { requestLog } from '../../../relay/http/request-log.js';
import { RequestEvents, type RequestDone } from '../../../relay/http/request-events.js';
import { createLogger } from '../../../relay/observability/logger.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Logged {
  url: string;
  lines: Record<string, unknown>[];
  done: RequestDone[];
  /** How long the last `/slow` answer's handler itself took, in ms. */
  inner: () => number;
}

/** A real Koa server composed as the relay's: the request log, the error handler, routes, 404 for the rest. */
async function logged(t: TestContext, level = 'debug'): Promise<Logged> {
  const lines: Record<string, unknown>[] = [];
  const done: RequestDone[] = [];
  const events = new RequestEvents();
  events.subscribe((event) => done.push(event));
  const logger = createLogger(level, {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  let inner = 0;
  const router = new Router();
  router.get('/orders/:id', (ctx) => (ctx.body = { requestId: ctx.state['requestId'] }));
  router.post('/collect', () => {
    throw new HttpError(429, 'too_many_requests', 'slow down', undefined, { 'Retry-After': '1' });
  });
  router.get('/slow', async (ctx) => {
    const started = performance.now();
    await new Promise((resolve) => setImmediate(resolve));
    inner = performance.now() - started;
    ctx.body = 'done';
  });
  const app = new Koa();
  app.use(requestLog({ logger, events }));
  app.use(errorHandler({ logger: createLogger('silent') }));
  app.use(router.routes()).use(router.allowedMethods()).use(notFound);
  const { server, url }: { server: Server; url: string } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(() => stopListening(server));
  return { url, lines, done, inner: () => inner };
}

async function idOf(url: string, given?: string): Promise<{ header: string | null; state: unknown }> {
  const answer = await fetch(`${url}/orders/1001`, given === undefined ? {} : { headers: { 'x-request-id': given } });
  return {
    header: answer.headers.get('x-request-id'),
    state: ((await answer.json()) as { requestId: unknown }).requestId,
  };
}

describe('requestLog({ logger, events }) on a real Koa server', () => {
  it("echoes the caller's X-Request-Id when it looks like one, and keeps it for what follows", async (t) => {
    const { url } = await logged(t);
    for (const given of ['abc-123', 'trace.ID_7', 'a'.repeat(64)])
      assert.deepEqual(await idOf(url, given), { header: given, state: given });
  });

  it('makes a new UUID when the caller gave none, or one too long or with other characters', async (t) => {
    const { url } = await logged(t);
    const made = new Set<string>();
    for (const given of [undefined, '', 'a'.repeat(65), 'a b', 'id/1', 'x;y', '<script>']) {
      const { header, state } = await idOf(url, given);
      assert.match(header ?? '', UUID, String(given));
      assert.equal(state, header);
      made.add(header ?? '');
    }
    assert.equal(made.size, 7, 'a new one each time');
  });

  it("announces each answer with its route's pattern, status and seconds, and logs one debug line of the same", async (t) => {
    const { url, lines, done } = await logged(t);
    const answer = await fetch(`${url}/orders/1001?email=ada@example.com`, {
      headers: { 'x-request-id': 'req-0001', cookie: '_sb_uid=secret-visitor', authorization: 'Bearer secret-key' },
    });
    await answer.arrayBuffer();
    assert.deepEqual(
      done.map(({ route, status }) => ({ route, status })),
      [{ route: '/orders/:id', status: 200 }],
    );
    assert.equal(lines.length, 1);
    const { time: _time, pid: _pid, hostname: _host, ...line } = lines[0]!;
    assert.deepEqual(line, {
      level: 20,
      service: 'shopbeacon',
      requestId: 'req-0001',
      method: 'GET',
      route: '/orders/:id',
      status: 200,
      ms: Math.round(done[0]!.seconds * 1000),
      msg: 'request',
    });
    assert.doesNotMatch(JSON.stringify(line), /secret|ada@example|1001/, 'never headers, the path or the query');
  });

  it('announces a refusal and an unknown path with the status the error handler answered', async (t) => {
    const { url, done } = await logged(t);
    assert.equal((await fetch(`${url}/collect`, { method: 'POST' })).status, 429);
    assert.equal((await fetch(`${url}/nowhere/42`)).status, 404);
    assert.deepEqual(
      done.map(({ route, status }) => ({ route, status })),
      [
        { route: '/collect', status: 429 },
        { route: 'unmatched', status: 404 },
      ],
    );
  });

  it('measures from before what follows it begins until it is done', async (t) => {
    const { url, done, inner } = await logged(t);
    await (await fetch(`${url}/slow`)).text();
    assert.ok(inner() > 0);
    assert.ok(
      done[0]!.seconds * 1000 >= inner(),
      `${done[0]!.seconds * 1000} ms measured, the handler took ${inner()}`,
    );
  });

  it('logs nothing above debug level, and still announces every answer', async (t) => {
    const { url, lines, done } = await logged(t, 'info');
    await (await fetch(`${url}/orders/1001`)).arrayBuffer();
    assert.deepEqual([lines.length, done.length], [0, 1]);
  });

  it('announces a request whose handling throws past it, and lets the error through', async (t) => {
    const done: RequestDone[] = [];
    const events = new RequestEvents();
    events.subscribe((event) => done.push(event));
    const app = new Koa();
    app.use(errorHandler({ logger: createLogger('silent') }));
    app.use(requestLog({ logger: createLogger('silent'), events }));
    app.use(() => {
      throw new Error('a bug');
    });
    const { server, url }: { server: Server; url: string } = await listen(app.callback(), 0, '127.0.0.1');
    t.after(() => stopListening(server));
    const answer = await fetch(url);
    assert.equal(answer.status, 500);
    assert.match(answer.headers.get('x-request-id') ?? '', UUID);
    assert.deepEqual(
      done.map(({ route }) => route),
      ['unmatched'],
    );
  });
});
