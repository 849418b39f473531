import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import Router from '@koa/router';
import Koa from 'koa';
import { request } from 'undici';
import { errorHandler, notFound } from '../../../relay/http/error-handler.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { createLogger } from '../../../relay/observability/logger.js';
import { packageRoot } from '../../../relay/shared/package-root.js';
import { webAssetDir, webAssets } from '../../../relay/pages/web-assets.js';

const SCRIPT = 'export const built = true;\n';

/** A temp folder holding `files`, served by `webAssets(names, folder)` at `/assets/:file` on a real Koa server. */
async function served(t: TestContext, names: string[], files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'sb-web-assets-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const router = new Router();
  router.get('/assets/:file', webAssets(names, dir));
  const app = new Koa();
  app.use(errorHandler({ logger: createLogger('silent') }));
  app.use(router.routes()).use(notFound);
  const { server, url } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(() => stopListening(server));
  // undici's request, not fetch: fetch adds `cache-control: no-cache` to a conditional request, which no server answers 304.
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await request(`${url}/assets/${path}`, { headers });
    const header = (name: string) => {
      const value = response.headers[name];
      return typeof value === 'string' ? value : null;
    };
    return { status: response.statusCode, header, text: await response.body.text() };
  };
  return { dir, get };
}

const etagOf = (text: string) => `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"`;

describe('webAssets(names, dir) (relay/pages/web-assets.ts) on a real Koa server', () => {
  it('serves a listed file by its type with an ETag of its bytes and no-cache, and 304 when the browser has it', async (t) => {
    const { get } = await served(t, ['storefront.js'], { 'storefront.js': SCRIPT });
    const first = await get('storefront.js');
    assert.deepEqual(
      [first.status, first.text, first.header('content-type'), first.header('cache-control')],
      [200, SCRIPT, 'text/javascript; charset=utf-8', 'no-cache'],
    );
    assert.equal(first.header('etag'), etagOf(SCRIPT));
    const again = await get('storefront.js', { 'if-none-match': etagOf(SCRIPT) });
    assert.deepEqual([again.status, again.text, again.header('etag')], [304, '', etagOf(SCRIPT)]);
    const stale = await get('storefront.js', { 'if-none-match': etagOf('an older build') });
    assert.deepEqual([stale.status, stale.text], [200, SCRIPT]);
  });

  it('answers styles and pictures by their types, anything else as bytes', async (t) => {
    const names = ['a.css', 'icon.svg', 'notes.txt'];
    const { get } = await served(t, names, { 'a.css': 'p{}', 'icon.svg': '<svg/>', 'notes.txt': 'hi' });
    const types = await Promise.all(names.map(async (name) => (await get(name)).header('content-type')));
    assert.deepEqual(types, ['text/css; charset=utf-8', 'image/svg+xml', 'application/octet-stream']);
  });

  it('refuses with 404 a file its list does not name, though in the folder, and a path climbing out of it', async (t) => {
    const { get } = await served(t, ['storefront.js'], { 'storefront.js': SCRIPT, 'secret.txt': 'do not serve' });
    for (const path of ['secret.txt', '..%2F..%2Fpackage.json', '%2Fetc%2Fpasswd']) {
      const answer = await get(path);
      assert.equal(answer.status, 404, path);
      assert.equal(JSON.parse(answer.text).error, 'not_found', path);
      assert.doesNotMatch(answer.text, /do not serve|"name"|root:/, path);
    }
    assert.equal(
      JSON.parse((await get('secret.txt')).text).message,
      'no asset secret.txt (is the package built? npm run build)',
    );
  });

  it('reads the folder once: a listed file missing at start stays a 404 saying to build, a changed one keeps its first bytes', async (t) => {
    const { dir, get } = await served(t, ['storefront.js', 'storefront.css'], { 'storefront.js': SCRIPT });
    writeFileSync(join(dir, 'storefront.css'), 'p{}');
    writeFileSync(join(dir, 'storefront.js'), 'rebuilt();');
    const missing = await get('storefront.css');
    assert.deepEqual(JSON.parse(missing.text), {
      error: 'not_found',
      message: 'no asset storefront.css (is the package built? npm run build)',
    });
    const kept = await get('storefront.js');
    assert.deepEqual([kept.text, kept.header('etag')], [SCRIPT, etagOf(SCRIPT)]);
  });

  it("reads by default the built pages in the package's dist/web", () => {
    assert.equal(webAssetDir(), join(packageRoot(), 'dist', 'web'));
  });
});
