import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import Koa from 'koa';
import { BROWSER_UA, fetchAnswer, fetchPage, header, jsonOf, type Answer } from '../../../relay/doctor/doctor-http.js';
import { readRawBody } from '../../../relay/http/read-json-body.js';
import { listen, stopListening } from '../../../relay/http/listen.js';

/** A shop as the doctor meets it: an echo, chains of redirects, a loop, two cookies, a created resource. */
function shop(): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    const hop = /^\/hop\/(\d+)$/.exec(ctx.path);
    if (ctx.path === '/echo') {
      const body = (await readRawBody(ctx, 1024)).toString();
      ctx.body = { method: ctx.method, agent: ctx.get('user-agent'), body, probe: ctx.get('x-probe') };
    } else if (hop) {
      const left = Number(hop[1]);
      const status = [301, 302, 303, 307, 308][left % 5] ?? 301;
      if (left === 0) ctx.body = 'the product page';
      else [ctx.status, ctx.body] = [status, ''];
      if (left > 0) ctx.set('Location', String(left - 1)); // relative to the hop's own URL
    } else if (ctx.path === '/loop') {
      ctx.status = 301;
      ctx.set('Location', '/loop');
    } else if (ctx.path === '/moved-nowhere') {
      ctx.status = 302;
    } else if (ctx.path === '/created') {
      ctx.status = 201;
      ctx.set('Location', '/elsewhere');
      ctx.body = 'created';
    } else if (ctx.path === '/cookies') {
      ctx.cookies.set('a', '1', { httpOnly: false });
      ctx.cookies.set('b', '2', { httpOnly: false });
      ctx.body = '{}';
    } else ctx.status = 404;
  });
  return app;
}

/** The shop on a real port of 127.0.0.1, stopped after the test. */
async function shopUrl(t: TestContext): Promise<string> {
  const { server, url } = await listen(shop().callback(), 0, '127.0.0.1');
  t.after(() => stopListening(server));
  return url;
}

describe("the doctor's HTTP calls (relay/doctor/doctor-http.ts) against a real server", () => {
  it('calls as a browser would, unless told another agent, with the method, headers and body given', async (t) => {
    const url = await shopUrl(t);
    const get = await fetchAnswer(`${url}/echo`);
    assert.equal(get.status, 200);
    assert.match(header(get, 'content-type'), /^application\/json/);
    assert.deepEqual(jsonOf(get), { method: 'GET', agent: BROWSER_UA, body: '', probe: '' });
    const post = await fetchAnswer(`${url}/echo`, { method: 'POST', headers: { 'x-probe': '1' }, body: '{"a":1}' });
    assert.deepEqual(jsonOf(post), { method: 'POST', agent: BROWSER_UA, body: '{"a":1}', probe: '1' });
    const curl = await fetchAnswer(`${url}/echo`, { headers: { 'user-agent': 'curl/8.5.0' } });
    assert.equal(jsonOf(curl)['agent'], 'curl/8.5.0');
  });

  it('answers a call that reached nothing with status 0 and the reason as its text', async () => {
    // A port of 127.0.0.1 that was listened on a moment ago, and no longer is.
    const { server: gone, url: goneUrl } = await listen(shop().callback(), 0, '127.0.0.1');
    await stopListening(gone);
    const answer = await fetchAnswer(`${goneUrl}/echo`);
    assert.deepEqual([answer.status, answer.headers], [0, {}]);
    assert.match(answer.text, /ECONNREFUSED/);
  });

  it('follows every kind of redirect by its relative Location to the page, answering its URL', async (t) => {
    const url = await shopUrl(t);
    const page = await fetchPage(`${url}/hop/5`);
    assert.deepEqual([page.status, page.text, page.url], [200, 'the product page', `${url}/hop/0`]);
  });

  it('stops after five redirects, answering the last, and follows no Location without a redirect status', async (t) => {
    const url = await shopUrl(t);
    const loop = await fetchPage(`${url}/loop`);
    assert.deepEqual([loop.status, loop.url, header(loop, 'location')], [301, `${url}/loop`, '/loop']);
    const six = await fetchPage(`${url}/hop/6`);
    assert.deepEqual([six.status, six.url], [302, `${url}/hop/1`], 'five followed, the sixth answered');
    const nowhere = await fetchPage(`${url}/moved-nowhere`);
    assert.deepEqual([nowhere.status, nowhere.url], [302, `${url}/moved-nowhere`]);
    const created = await fetchPage(`${url}/created`);
    assert.deepEqual([created.status, created.text, created.url], [201, 'created', `${url}/created`]);
  });

  it('reads a repeated header as one value, and a missing one as empty', async (t) => {
    const url = await shopUrl(t);
    const answer = await fetchAnswer(`${url}/cookies`);
    assert.equal(header(answer, 'set-cookie'), 'a=1; path=/, b=2; path=/');
    assert.equal(header(answer, 'x-missing'), '');
  });
});

describe('jsonOf(answer)', () => {
  const of = (text: string): Answer => ({ status: 200, headers: {}, text });

  it('reads a JSON object, and anything else as an empty object', () => {
    assert.deepEqual(jsonOf(of('{"accepted":1}')), { accepted: 1 });
    for (const text of ['[1,2]', 'null', '42', '"text"', '<html>', ''])
      assert.deepEqual(jsonOf(of(text)), {}, JSON.stringify(text));
  });
});
