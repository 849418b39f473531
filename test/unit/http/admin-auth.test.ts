import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { describe, it, type TestContext } from 'node:test';
import fc from 'fast-check';
import Koa from 'koa';
import { adminAuth, byAdminKey, type AdminAuthOptions } from '../../../relay/http/admin-auth.js';
import { errorHandler } from '../../../relay/http/error-handler.js';
import { KeyFailures } from '../../../relay/http/key-failures.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { createLogger } from '../../../relay/observability/logger.js';

const ADMIN = 'a'.repeat(32);
const INGEST = 'i'.repeat(32);

/** A private route behind `adminAuth` on a real Koa server; it answers what a caller with `key` gets. */
async function guarded(t: TestContext, options: Omit<AdminAuthOptions, 'failures'>) {
  const app = new Koa();
  app.use(errorHandler({ logger: createLogger('silent') }));
  app.use(adminAuth({ ...options, failures: new KeyFailures() }));
  app.use((ctx) => (ctx.body = { private: true, byAdminKey: byAdminKey(ctx) }));
  const { server, url }: { server: Server; url: string } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(() => stopListening(server));
  return async (key?: string) => {
    const response = await fetch(
      `${url}/stats`,
      key === undefined ? {} : { headers: { authorization: `Bearer ${key}` } },
    );
    const body = (await response.json()) as { error?: string; message?: string; byAdminKey?: boolean };
    return { status: response.status, challenge: response.headers.get('www-authenticate'), body };
  };
}

describe('adminAuth({ adminKey, alsoKey, failures }) on a real Koa server', () => {
  it('hides the route without a key configured, as if it were not there', async (t) => {
    const call = await guarded(t, { adminKey: undefined });
    assert.deepEqual(await call(ADMIN), {
      status: 404,
      challenge: null,
      body: { error: 'not_found', message: 'no route for GET /stats' },
    });
  });

  it('lets the admin key through, and the second key only where the route takes it', async (t) => {
    const both = await guarded(t, { adminKey: ADMIN, alsoKey: INGEST });
    assert.deepEqual([(await both(ADMIN)).status, (await both(INGEST)).status], [200, 200]);
    const adminOnly = await guarded(t, { adminKey: ADMIN });
    assert.equal((await adminOnly(INGEST)).status, 401);
  });

  it('tells the route which key let the request through: the second key is never the admin key', async (t) => {
    const both = await guarded(t, { adminKey: ADMIN, alsoKey: INGEST });
    assert.deepEqual([(await both(ADMIN)).body.byAdminKey, (await both(INGEST)).body.byAdminKey], [true, false]);
  });

  it('refuses a missing or wrong key with 401 and a Bearer challenge naming the variable, never the key', async (t) => {
    const call = await guarded(t, { adminKey: ADMIN, alsoKey: INGEST });
    const wrong = await call(`${ADMIN}x`);
    assert.deepEqual(
      [wrong.status, wrong.challenge, wrong.body.error],
      [401, 'Bearer realm="shopbeacon"', 'unauthorized'],
    );
    assert.equal(
      wrong.body.message,
      'a valid key is required (Authorization: Bearer <SHOPBEACON_ADMIN_KEY or SHOPBEACON_INGEST_KEY>)',
    );
    assert.equal((await call()).status, 401);
    assert.doesNotMatch(JSON.stringify(wrong.body), /aaaa/);
  });

  it('answers 429 to the wrong keys of a client that sent ten in a minute, and still lets its right key in', async (t) => {
    const call = await guarded(t, { adminKey: ADMIN });
    for (let i = 0; i < 10; i++) assert.equal((await call(`wrong-${i}`)).status, 401);
    assert.equal((await call('wrong-10')).status, 429);
    assert.equal((await call(ADMIN)).status, 200);
  });

  it('judges every key on its own: whatever keyless or wrong calls came before, the right keys pass and a keyless call is 401', async (t) => {
    const call = await guarded(t, { adminKey: ADMIN, alsoKey: INGEST });
    const given = fc.constantFrom<string | undefined>(undefined, '', ADMIN, INGEST, `${ADMIN}x`, 'wrong-key');
    await fc.assert(
      fc.asyncProperty(fc.array(given, { minLength: 1, maxLength: 25 }), async (keys) => {
        for (const key of keys) {
          const { status } = await call(key);
          if (key === ADMIN || key === INGEST) assert.equal(status, 200, 'a right key');
          else if (key === undefined) assert.equal(status, 401, 'no key is a refusal, never a lockout');
          else assert.ok(status === 401 || status === 429, `a wrong key: ${status}`);
        }
      }),
      { numRuns: 40 },
    );
  });
});
