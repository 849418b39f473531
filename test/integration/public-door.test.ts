// What the relay's public door lets through: keys long enough and slowed when wrong, a
// key that can only ingest, /readyz saying only its state to strangers, X-Forwarded-For believed
// only from the proxies named, a small webhook limit before any HMAC, text without control
// characters, and data files that are the relay's user's alone.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { browserEvent, collect } from '../helpers/collect.js';
import { runCli } from '../helpers/cli-run.js';
import { bearer, INGEST_KEY, trackEvent } from '../helpers/ingest-key.js';
import { ADMIN_KEY, startRelay, until } from '../helpers/relay-harness.js';

describe("the relay's settings refuse what would open the door", () => {
  it('refuses at start an admin key shorter than 32 characters, plain http to a service off loopback, the open demo on a public HOST and a bare TRUST_PROXY there, naming each variable', async () => {
    const run = await runCli(['relay', '--port', '0'], {
      SHOPBEACON_ADMIN_KEY: 'a',
      SHOPBEACON_INGEST_KEY: 'short',
      HOST: '0.0.0.0',
      SHOPBEACON_TRUST_PROXY: '1',
    });
    assert.equal(run.code, 1);
    const lines = run.stderr.trim().split('\n');
    assert.ok(
      lines.includes(
        '  SHOPBEACON_ADMIN_KEY (--admin-key) must be at least 32 characters (it has 1), e.g. the output of `openssl rand -base64 32`: a short key can be guessed; got (hidden)',
      ),
      run.stderr,
    );
    assert.ok(
      lines.some((line) =>
        line.startsWith('  SHOPBEACON_INGEST_KEY (--ingest-key) must be at least 32 characters (it has 5)'),
      ),
      run.stderr,
    );
    assert.ok(
      lines.some((line) =>
        line.startsWith(
          '  HOST (--host) 0.0.0.0 without SHOPBEACON_BASE_URL (--base-url): demo mode opens its debugger and mock service without a key, so it listens on a loopback HOST only',
        ),
      ),
      run.stderr,
    );
    assert.ok(
      lines.some((line) =>
        line.startsWith(
          '  SHOPBEACON_TRUST_PROXY (--trust-proxy) on HOST 0.0.0.0: any client reaching this address could forge X-Forwarded-For',
        ),
      ),
      run.stderr,
    );
    const http = await runCli(['relay', '--port', '0'], {
      SHOPBEACON_BASE_URL: 'http://service.example',
      SHOPBEACON_TOKEN: 'svc-token-0123456789',
    });
    assert.match(
      http.stderr,
      /SHOPBEACON_BASE_URL \(--base-url\) must be an https:\/\/ URL \(http:\/\/ only for a loopback host such as 127\.0\.0\.1\): the token would travel in clear/,
    );
  });
});

describe("the relay's keys", () => {
  it('takes the ingest key on /v1/track alone: orders, products, /stats and the debugger refuse it', async () => {
    const h = await startRelay({ config: { ingestKey: INGEST_KEY } });
    try {
      const track = await request(`${h.url}/v1/track`, {
        method: 'POST',
        headers: bearer(INGEST_KEY),
        body: JSON.stringify(trackEvent()),
      });
      assert.equal(track.statusCode, 202, await track.body.text());
      for (const path of ['/v1/orders', '/v1/products/catalog']) {
        const answer = await request(`${h.url}${path}`, { method: 'POST', headers: bearer(INGEST_KEY), body: '{}' });
        assert.equal(answer.statusCode, 401, path);
        await answer.body.dump();
      }
      const stats = await request(`${h.url}/stats`, { headers: bearer(INGEST_KEY) });
      const debug = await request(`${h.url}/_debug/snapshot`, { headers: bearer(INGEST_KEY) });
      assert.deepEqual([stats.statusCode, debug.statusCode], [401, 401]);
      await Promise.all([stats.body.dump(), debug.body.dump()]);
    } finally {
      await h.close();
    }
  });

  it('answers a client 429 with Retry-After for its wrong keys once it sent ten within a minute, never counts a keyless call, and lets its right key through', async () => {
    const h = await startRelay();
    try {
      const statuses: number[] = [];
      // Keyless calls first (any local process, an SSRF in the shop): none counts as a wrong key.
      for (let i = 0; i < 20; i += 1) await (await request(`${h.url}/stats`)).body.dump();
      for (let i = 0; i < 10; i += 1) {
        const answer = await request(`${h.url}/stats`, {
          headers: bearer(`wrong-key-${i}-0123456789abcdefghijklmnop`),
        });
        statuses.push(answer.statusCode);
        await answer.body.dump();
      }
      assert.deepEqual(statuses, Array(10).fill(401));
      const wrong = await request(`${h.url}/stats`, { headers: bearer('wrong-key-10-0123456789abcdefghijklmnop') });
      assert.equal(wrong.statusCode, 429);
      assert.ok(Number(wrong.headers['retry-after']) > 0 && Number(wrong.headers['retry-after']) <= 60);
      assert.equal(((await wrong.body.json()) as { error: string }).error, 'too_many_failed_keys');
      const right = await request(`${h.url}/stats`, { headers: bearer(ADMIN_KEY) });
      assert.equal(right.statusCode, 200, 'the right key is judged on its own');
      await right.body.dump();
      const collected = await collect(h.url, { events: [browserEvent()] });
      assert.equal(collected.status, 200, 'a wrong key costs the address its private routes, never its shoppers');
    } finally {
      await h.close();
    }
  });

  it('locks out the connection, not the address X-Forwarded-For names: a relay trusting its proxy is still not fooled on its operator routes', async () => {
    const h = await startRelay({ config: { trustProxy: '1' } });
    try {
      for (let i = 0; i < 10; i += 1) {
        const answer = await request(`${h.url}/stats`, {
          headers: { ...bearer(`wrong-key-${i}-0123456789abcdefghijklmnop`), 'x-forwarded-for': `198.51.100.${i + 1}` },
        });
        await answer.body.dump();
      }
      const rotated = await request(`${h.url}/stats`, {
        headers: { ...bearer('wrong-key-10-0123456789abcdefghijklmnop'), 'x-forwarded-for': '198.51.100.200' },
      });
      assert.equal(rotated.statusCode, 429, 'ten wrong keys from one connection, whatever address each claimed');
      await rotated.body.dump();
    } finally {
      await h.close();
    }
  });

  it('serves /metrics to the admin key only, as a Prometheus scrape sends it', async () => {
    const h = await startRelay();
    try {
      const keyless = await request(`${h.url}/metrics`);
      const wrong = await request(`${h.url}/metrics`, { headers: bearer('not-the-admin-key-0123456789abcdefghij') });
      const scrape = await request(`${h.url}/metrics`, { headers: bearer(ADMIN_KEY) });
      assert.deepEqual([keyless.statusCode, wrong.statusCode, scrape.statusCode], [401, 401, 200]);
      assert.match(await scrape.body.text(), /^# HELP shopbeacon_/m);
      await Promise.all([keyless.body.dump(), wrong.body.dump()]);
    } finally {
      await h.close();
    }
  });

  it('answers a keyless /readyz with its state alone, and says why to the admin key', async () => {
    const h = await startRelay({ mock: { token: 'a-token-the-relay-does-not-have' } });
    try {
      await collect(h.url, { events: [browserEvent()] });
      await until(async () => (await fetch(`${h.url}/readyz`)).status === 503, 'delivery paused on the refused token');
      const keyless = (await (await fetch(`${h.url}/readyz`)).json()) as Record<string, unknown>;
      assert.deepEqual(keyless, { status: 'not_ready' });
      const told = (await (await fetch(`${h.url}/readyz`, { headers: bearer(ADMIN_KEY) })).json()) as {
        status: string;
        reasons: string[];
      };
      assert.equal(told.status, 'not_ready');
      assert.match(told.reasons.join(' '), /delivery is paused/);
    } finally {
      await h.close();
    }
  });
});

describe('X-Forwarded-For', () => {
  it('is believed only from the proxies named: from any other peer each forged address still counts as the peer', async () => {
    const h = await startRelay({ config: { trustProxy: '1', trustedProxies: '127.0.0.2', rateLimitIp: '5' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1)
        statuses.push(
          (
            await collect(
              h.url,
              { events: [browserEvent({ user_id: undefined })] },
              { 'x-forwarded-for': `203.0.113.${i + 1}` },
            )
          ).status,
        );
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429]);
    } finally {
      await h.close();
    }
  });

  it("is believed from loopback when no proxy is named, as from the shop's nginx on the same machine", async () => {
    const h = await startRelay({ config: { trustProxy: '1', rateLimitIp: '2' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push(
          (
            await collect(
              h.url,
              { events: [browserEvent({ user_id: undefined })] },
              { 'x-forwarded-for': `203.0.113.${i + 1}` },
            )
          ).status,
        );
      assert.deepEqual(statuses, [200, 200, 200, 200], 'each visitor nginx named has a bucket of its own');
    } finally {
      await h.close();
    }
  });
});

describe('what the relay reads and keeps', () => {
  it('refuses a webhook body over 1 MiB with 413 before computing any signature', async () => {
    const h = await startRelay({ config: { woocommerceSecret: 'relay-webhook-secret-2f9c41', shopCurrency: 'EUR' } });
    try {
      const answer = await request(`${h.url}/webhooks/woocommerce`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-wc-webhook-topic': 'order.updated' },
        body: Buffer.alloc(1024 * 1024 + 1, 0x20),
      });
      assert.equal(answer.statusCode, 413);
      await answer.body.dump();
    } finally {
      await h.close();
    }
  });

  it('refuses text with a control character or a lone surrogate, naming the field', async () => {
    const h = await startRelay();
    try {
      const nul = await collect(h.url, { events: [browserEvent({ event_name: 'Added\u0000To Cart' })] });
      assert.equal(nul.status, 400);
      assert.deepEqual((nul.body['rejected'] as { errors: { path: string; message: string }[] }[])[0]?.errors, [
        { path: 'event_name', message: 'holds the control character U+0000: not text' },
      ]);
      const surrogate = await request(`${h.url}/v1/track`, {
        method: 'POST',
        headers: bearer(ADMIN_KEY),
        body: JSON.stringify({ ...trackEvent(), event_name: 'Wishlist', event: { note: 'a\ud800b' } }),
      });
      assert.equal(surrogate.statusCode, 400);
      assert.match(
        await surrogate.body.text(),
        /"path":"event\.note","message":"holds a lone UTF-16 surrogate \(U\+D800\): not text"/,
      );
    } finally {
      await h.close();
    }
  });

  it('makes its data directory 0700 and every file in it 0600: orders hold emails and phone numbers', async () => {
    const parent = join((await import('node:os')).tmpdir(), `sb-private-${process.pid}-${Date.now()}`);
    const dataDir = join(parent, 'data');
    const h = await startRelay({ dataDir });
    try {
      await collect(h.url, { events: [browserEvent()] });
      await until(() => h.mock.records('events').length === 1, 'a delivery, so every file exists');
      assert.equal(statSync(dataDir).mode & 0o777, 0o700);
      const kept = ['outbox', 'platforms', 'visitors', 'visitor-ledger'].map((name) => `${name}.sqlite`);
      for (const file of [...kept, 'outbox.sqlite-wal'])
        assert.equal(statSync(join(dataDir, file)).mode & 0o777, 0o600, file);
    } finally {
      await h.close();
    }
  });
});
