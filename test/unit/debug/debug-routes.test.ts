import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import Router from '@koa/router';
import Koa from 'koa';
import { request } from 'undici';
import { addDebugRoutes, type DebugOptions } from '../../../relay/debug/debug-routes.js';
import { RecordFeed } from '../../../relay/debug/record-feed.js';
import type { DeliveryWorker } from '../../../relay/delivery/delivery-worker.js';
import { errorHandler } from '../../../relay/http/error-handler.js';
import { KeyFailures } from '../../../relay/http/key-failures.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { createLogger } from '../../../relay/observability/logger.js';
import { SqliteOutbox } from '../../../relay/outbox/sqlite-outbox.js';
import { outboxEvent } from '../../helpers/outbox-records.js';

const ADMIN_KEY = 'debug-routes-admin-key-8d3f1a6c5e902b47';
const BASIC = { authorization: `Basic ${Buffer.from(`ops:${ADMIN_KEY}`).toString('base64')}` };
const JSON_TYPE = { 'content-type': 'application/json' };

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: Record<string, unknown>;
}

/** The worker's state as the snapshot reads it: the seam, not a running worker. */
const worker = {
  paused: false,
  inFlightCount: 0,
  concurrency: { limit: 4, max: 32, reason: 'start', observedMs: undefined, baselineMs: undefined },
} as unknown as DeliveryWorker;

/**
 * `/_debug` on a real Koa server over a real SQLite outbox in a temp folder holding three dead
 * letters, and an asset folder with the stylesheet alone (and a file the debugger does not serve).
 */
async function debugServer(t: TestContext, options: Partial<Pick<DebugOptions, 'adminKey' | 'demo'>> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'sb-debug-routes-'));
  const outbox = new SqliteOutbox({ dataDir: join(dir, 'data') });
  const feed = new RecordFeed();
  const router = new Router();
  writeFileSync(join(dir, 'debugger.css'), 'body { color: #222; }\n');
  writeFileSync(join(dir, 'secret.txt'), 'not an asset\n');
  addDebugRoutes(router, {
    feed,
    outbox,
    worker,
    adminKey: ADMIN_KEY,
    failures: new KeyFailures(),
    demo: false,
    serviceUrl: 'http://127.0.0.1:9100',
    visitorsByMonth: async () => ({}),
    assetDir: dir,
    ...options,
  });
  const app = new Koa();
  app.use(errorHandler({ logger: createLogger('silent') }));
  app.use(router.routes());
  const { server, url } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(async () => {
    feed.close();
    await stopListening(server);
    outbox.close();
    rmSync(dir, { recursive: true, force: true });
  });
  await outbox.enqueue([outboxEvent('evt-1'), outboxEvent('evt-2'), outboxEvent('evt-3')]);
  const dead = outbox.due(Date.now() + 1, 3, new Set()).map((r) => r.id);
  outbox.deadLetter(dead, '400 {"error":"invalid_record"}');
  const call = async (
    path: string,
    init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> => {
    const response = await request(`${url}${path}`, {
      method: init.method ?? 'GET',
      headers: init.headers ?? BASIC,
      // An unguarded stream would never end: a call that hangs fails instead.
      signal: AbortSignal.timeout(5_000),
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    const text = await response.body.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = {};
    }
    return { status: response.statusCode, headers: response.headers, text, body };
  };
  return { call, url, outbox, dead };
}

const PATHS = ['/_debug', '/_debug/', '/_debug/snapshot', '/_debug/stream', '/_debug/assets/debugger.css'];

describe('addDebugRoutes(router, options) on a real Koa server', () => {
  it('hides every debugger route without an admin key, and refuses each without the key with a Basic challenge', async (t) => {
    const keyless = await debugServer(t, { adminKey: undefined });
    for (const path of PATHS) assert.equal((await keyless.call(path, { headers: {} })).status, 404, path);
    const { call } = await debugServer(t);
    for (const path of [...PATHS, '/_debug/dead-letters/retry']) {
      const method = path.endsWith('retry') ? 'POST' : 'GET';
      const answer = await call(path, { method, headers: { authorization: `Bearer ${ADMIN_KEY}x` } });
      assert.deepEqual([answer.status, answer.body['error']], [401, 'unauthorized'], path);
      assert.match(String(answer.headers['www-authenticate']), /^Basic realm="shopbeacon debugger"/);
      assert.doesNotMatch(answer.text, /debug-routes-admin-key/);
    }
  });

  it('redirects /_debug to _debug/ relatively, and serves the page there under a strict policy, never cached', async (t) => {
    const { call } = await debugServer(t);
    const redirect = await call('/_debug');
    assert.deepEqual([redirect.status, redirect.headers['location']], [308, '_debug/']);
    const page = await call('/_debug/');
    assert.equal(page.status, 200);
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(page.headers['cache-control'], 'no-store');
    assert.match(String(page.headers['content-security-policy']), /^default-src 'none'/);
    assert.match(page.text, /^<!doctype html>\n<html lang="en">/);
    assert.doesNotMatch(page.text, /demo storefront/);
  });

  it('opens the debugger without a key in demo mode, the page linking the storefront', async (t) => {
    const { call } = await debugServer(t, { adminKey: undefined, demo: true });
    const page = await call('/_debug/', { headers: {} });
    assert.equal(page.status, 200);
    assert.match(page.text, /demo storefront/);
    assert.equal((await call('/_debug/snapshot', { headers: {} })).status, 200);
  });

  it('answers the snapshot of the real outbox, never cached', async (t) => {
    const { call, dead } = await debugServer(t);
    const answer = await call('/_debug/snapshot');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['cache-control'], 'no-store');
    const snapshot = answer.body as { serviceUrl: string; outbox: { dead: number }; deadLetters: { id: number }[] };
    assert.deepEqual(
      [snapshot.serviceUrl, snapshot.outbox.dead, snapshot.deadLetters.map((d) => d.id)],
      ['http://127.0.0.1:9100', 3, dead],
    );
  });

  it("serves only the debugger's own assets from its folder, and names a missing one", async (t) => {
    const { call } = await debugServer(t);
    const css = await call('/_debug/assets/debugger.css');
    assert.deepEqual(
      [css.status, css.headers['content-type'], css.text],
      [200, 'text/css; charset=utf-8', 'body { color: #222; }\n'],
    );
    assert.equal((await call('/_debug/assets/secret.txt')).status, 404, 'a file of the folder it does not list');
    const missing = await call('/_debug/assets/icon.svg');
    assert.deepEqual(
      [missing.status, missing.body['message']],
      [404, 'no asset icon.svg (is the package built? npm run build)'],
    );
  });

  it('requeues the dead letters named, or all, from the debugger itself only', async (t) => {
    const { call, url, dead, outbox } = await debugServer(t);
    const retry = (body: string, headers: Record<string, string> = {}) =>
      call('/_debug/dead-letters/retry', { method: 'POST', headers: { ...BASIC, ...JSON_TYPE, ...headers }, body });
    const foreign = await retry('{}', { origin: 'https://evil.example' });
    assert.deepEqual(
      [foreign.status, foreign.body],
      [403, { error: 'forbidden_origin', message: 'origin https://evil.example may not change the relay' }],
    );
    for (const ids of ['[1.5]', '"all"', '["1"]']) {
      const refused = await retry(`{"ids":${ids}}`);
      assert.deepEqual([refused.status, refused.body['error']], [400, 'invalid_ids'], ids);
    }
    const form = await call('/_debug/dead-letters/retry', {
      method: 'POST',
      headers: { ...BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'ids=1',
    });
    assert.equal(form.status, 415, 'no HTML form can send it');
    assert.equal(outbox.counts().dead.event, 3, 'nothing refused was requeued');
    const one = await retry(JSON.stringify({ ids: [dead[0]] }), { origin: url });
    assert.deepEqual([one.status, one.body], [200, { requeued: 1 }]);
    assert.deepEqual((await retry('{}')).body, { requeued: 2 });
    assert.deepEqual([outbox.counts().dead.event, outbox.counts().queued.event], [0, 3]);
  });
});
