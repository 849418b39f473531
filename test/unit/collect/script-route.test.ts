import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { request } from 'undici';
import { scriptRoute } from '../../../relay/collect/script-route.js';
import { errorHandler } from '../../../relay/http/error-handler.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { createLogger } from '../../../relay/observability/logger.js';

const SNIPPET = `/* shopbeacon */ (function () { ${'window.shopbeacon = window.shopbeacon || []; '.repeat(40)} })();\n`;

/**
 * `GET /shopbeacon.js` on a real Koa server over a snippet file in a temp folder, written before
 * the route starts when `contents` is given. Answers with raw bytes: no client-side decompression.
 */
async function scriptServer(t: TestContext, contents?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'sb-script-route-'));
  const file = join(dir, 'shopbeacon.mjs');
  if (contents !== undefined) writeFileSync(file, contents);
  const app = new Koa();
  app.use(errorHandler({ logger: createLogger('silent') }));
  const route = scriptRoute({ file });
  app.use((ctx) => route(ctx));
  const { server, url } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(async () => {
    await stopListening(server);
    rmSync(dir, { recursive: true, force: true });
  });
  const get = async (headers: Record<string, string> = {}) => {
    const response = await request(`${url}/shopbeacon.js`, { headers });
    const body = Buffer.from(await response.body.arrayBuffer());
    const header = (name: string) => response.headers[name] as string | undefined;
    return { status: response.statusCode, header, body };
  };
  return { get, file };
}

describe('scriptRoute({ file }) on a real Koa server', () => {
  it('answers 404 snippet_not_built when the file was missing at start, even once it is written', async (t) => {
    const { get, file } = await scriptServer(t);
    writeFileSync(file, SNIPPET);
    const answer = await get();
    assert.equal(answer.status, 404);
    assert.deepEqual(JSON.parse(answer.body.toString()), {
      error: 'snippet_not_built',
      message: 'the snippet is not built: run npm run build',
    });
  });

  it('gives a browser listing gzip before br the brotli copy, and gzip to one that refuses br', async (t) => {
    const { get } = await scriptServer(t, SNIPPET);
    const chromium = await get({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    const noBrotli = await get({ 'accept-encoding': 'br;q=0, gzip' });
    assert.equal(chromium.header('content-encoding'), 'br');
    assert.equal(brotliDecompressSync(chromium.body).toString(), SNIPPET);
    assert.equal(noBrotli.header('content-encoding'), 'gzip');
  });

  it('serves brotli, gzip or, to a client naming none, the file itself, each the same script, cached an hour', async (t) => {
    const { get } = await scriptServer(t, SNIPPET);
    const br = await get({ 'accept-encoding': 'br' });
    const gzip = await get({ 'accept-encoding': 'gzip, deflate' });
    const plain = await get();
    assert.deepEqual(
      [br, gzip, plain].map((a) => [a.status, a.header('content-encoding')]),
      [
        [200, 'br'],
        [200, 'gzip'],
        [200, undefined],
      ],
    );
    assert.equal(brotliDecompressSync(br.body).toString(), SNIPPET);
    assert.equal(gunzipSync(gzip.body).toString(), SNIPPET);
    assert.equal(plain.body.toString(), SNIPPET);
    assert.ok(br.body.length < SNIPPET.length / 4, 'compressed once, for real');
    for (const answer of [br, gzip, plain]) {
      assert.equal(answer.header('content-type'), 'text/javascript; charset=utf-8');
      assert.equal(answer.header('cache-control'), 'public, max-age=3600');
      assert.equal(answer.header('vary'), 'Accept-Encoding');
    }
    assert.equal(new Set([br, gzip, plain].map((a) => a.header('etag'))).size, 1, 'one ETag for every encoding');
  });

  it('answers a revalidation with the current ETag 304 without a body, and one with another ETag with the script', async (t) => {
    const { get } = await scriptServer(t, SNIPPET);
    const etag = (await get()).header('etag') ?? '';
    assert.match(etag, /^"[A-Za-z0-9_-]{27}"$/);
    const fresh = await get({ 'if-none-match': etag });
    assert.deepEqual([fresh.status, fresh.body.length, fresh.header('etag')], [304, 0, etag]);
    const stale = await get({ 'if-none-match': '"an-older-build-000000000000"' });
    assert.deepEqual([stale.status, stale.body.toString()], [200, SNIPPET]);
  });

  it('gives another build another ETag', async (t) => {
    const first = (await (await scriptServer(t, SNIPPET)).get()).header('etag');
    const second = (await (await scriptServer(t, `${SNIPPET}// rebuilt\n`)).get()).header('etag');
    assert.notEqual(first, second);
  });
});
