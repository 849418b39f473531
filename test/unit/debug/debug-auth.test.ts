import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import Koa from 'koa';
import { debugAuth, type DebugAuthOptions } from '../../../relay/debug/debug-auth.js';
import { errorHandler } from '../../../relay/http/error-handler.js';
import { KeyFailures } from '../../../relay/http/key-failures.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { createLogger } from '../../../relay/observability/logger.js';

const ADMIN_KEY = 'debug-admin-key-0f6b3e8a21c94d57';
const basic = (userAndPassword: string) => `Basic ${Buffer.from(userAndPassword).toString('base64')}`;

/** A page behind `debugAuth` on a real Koa server; it answers what a caller with `authorization` gets. */
async function guarded(t: TestContext, options: Omit<DebugAuthOptions, 'failures'>) {
  const app = new Koa();
  app.use(errorHandler({ logger: createLogger('silent') }));
  app.use(debugAuth({ ...options, failures: new KeyFailures() }));
  app.use((ctx) => (ctx.body = { debugger: true }));
  const { server, url } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(() => stopListening(server));
  return async (authorization?: string) => {
    const response = await fetch(`${url}/_debug/`, authorization === undefined ? {} : { headers: { authorization } });
    const text = await response.text();
    return {
      status: response.status,
      challenge: response.headers.get('www-authenticate'),
      body: JSON.parse(text) as Record<string, unknown>,
      text,
    };
  };
}

describe('debugAuth({ adminKey, failures, open }) on a real Koa server', () => {
  it('lets everyone in when open (demo mode), with or without a key configured', async (t) => {
    for (const adminKey of [undefined, ADMIN_KEY]) {
      const call = await guarded(t, { adminKey, open: true });
      assert.deepEqual(await call().then((a) => [a.status, a.body]), [200, { debugger: true }]);
    }
  });

  it('hides the debugger without a key configured, as if it were not there', async (t) => {
    const call = await guarded(t, { adminKey: undefined, open: false });
    assert.deepEqual(await call(basic(`ops:${ADMIN_KEY}`)).then((a) => [a.status, a.challenge, a.body]), [
      404,
      null,
      { error: 'not_found', message: 'no route for GET /_debug/' },
    ]);
  });

  it('takes the key as a Basic password under any user, or empty, and as a Bearer token', async (t) => {
    const call = await guarded(t, { adminKey: ADMIN_KEY, open: false });
    for (const authorization of [basic(`ops:${ADMIN_KEY}`), basic(`:${ADMIN_KEY}`), `Bearer ${ADMIN_KEY}`])
      assert.equal((await call(authorization)).status, 200, authorization.split(' ')[0]);
    const colonKey = await guarded(t, { adminKey: `a:${ADMIN_KEY}`, open: false });
    assert.equal((await colonKey(basic(`ops:a:${ADMIN_KEY}`))).status, 200, 'a password is all after the first colon');
  });

  it('refuses a missing or wrong key with 401 and a Basic challenge a browser answers, naming the variable, never the key', async (t) => {
    const call = await guarded(t, { adminKey: ADMIN_KEY, open: false });
    const refusals = [
      undefined,
      basic(`ops:${ADMIN_KEY}x`),
      basic(`${ADMIN_KEY}:`),
      `Bearer ${ADMIN_KEY.slice(1)}`,
      `Token ${ADMIN_KEY}`,
    ];
    for (const authorization of refusals) {
      const answer = await call(authorization);
      assert.deepEqual(
        [answer.status, answer.challenge, answer.body],
        [
          401,
          'Basic realm="shopbeacon debugger", charset="UTF-8"',
          {
            error: 'unauthorized',
            message: 'the debugger needs the admin key (user: any, password: SHOPBEACON_ADMIN_KEY)',
          },
        ],
      );
      assert.doesNotMatch(answer.text, /debug-admin-key/);
    }
  });

  it('answers 429 to the wrong keys of a client that sent ten in a minute, and still lets its right key in', async (t) => {
    const call = await guarded(t, { adminKey: ADMIN_KEY, open: false });
    for (let i = 0; i < 10; i++) assert.equal((await call(basic(`ops:wrong-${i}`))).status, 401);
    const locked = await call(basic('ops:wrong-10'));
    assert.deepEqual([locked.status, locked.body['error']], [429, 'too_many_failed_keys']);
    assert.equal((await call(basic(`ops:${ADMIN_KEY}`))).status, 200);
  });
});
