import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import Koa from 'koa';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { scriptHash, strictCsp } from '../../../relay/pages/content-security-policy.js';
import { html } from '../../../relay/pages/html.js';
import { sendPage } from '../../../relay/pages/send-page.js';

/** A real Koa server whose every answer is `sendPage` of a small page; what a browser gets from it. */
async function served(t: TestContext, hashes?: string[]) {
  const app = new Koa();
  app.use((ctx) => sendPage(ctx, html`<html><body><p>${'Tom & Jerry <3'}</p></body></html>`, hashes));
  const { server, url } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(() => stopListening(server));
  const response = await fetch(`${url}/any`);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('sendPage (relay/pages/send-page.ts) on a real Koa server', () => {
  it('answers the page after a doctype as UTF-8 HTML, its text as built and not escaped twice', async (t) => {
    const page = await served(t);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(page.text, '<!doctype html>\n<html><body><p>Tom &amp; Jerry &lt;3</p></body></html>');
  });

  it('forbids framing and caching, and allows the inline scripts it is given by their hashes only', async (t) => {
    const hash = scriptHash('window.x=1');
    const page = await served(t, [hash]);
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
    assert.equal(page.headers.get('cache-control'), 'no-store');
    assert.equal(page.headers.get('content-security-policy'), strictCsp([hash]));
    assert.ok(page.headers.get('content-security-policy')?.includes(`; script-src 'self' ${hash}; `));
  });

  it('allows no inline script at all when given no hash', async (t) => {
    const policy = (await served(t)).headers.get('content-security-policy') ?? '';
    assert.match(policy, /(^|; )script-src 'self'(;|$)/);
    assert.match(policy, /^default-src 'none'; /);
    assert.doesNotMatch(policy, /sha256|unsafe-inline/);
  });
});
