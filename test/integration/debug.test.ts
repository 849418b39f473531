import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockUpstream } from '../../relay/mock-upstream/index.js';
import { collect } from '../helpers/collect.js';
import { readEventStream, type StreamEvent } from '../helpers/event-stream.js';
import { postJson } from '../helpers/http.js';
import { ADMIN_KEY, SERVICE_TOKEN, relayForSuite, startRelay, until, type Harness } from '../helpers/relay-harness.js';
import { killHard, spawnRelay } from '../helpers/relay-process.js';

const BASIC = { authorization: `Basic ${Buffer.from(`ops:${ADMIN_KEY}`).toString('base64')}` };
const records = (events: StreamEvent[]) =>
  events.filter((e) => e.event === 'record').map((e) => e.data as Record<string, unknown>);
const eventOf = (id: string) => ({
  event_id: id,
  event_name: 'Added To Cart',
  user_id: `u-${id}`,
  event: { product_id: 7, price: 3, currency: 'EUR' },
});

describe('GET /_debug outside demo mode', () => {
  let h: Harness;
  let keyless: Harness;
  before(async () => {
    h = await startRelay();
    keyless = await startRelay({ config: { adminKey: undefined } });
  });
  after(async () => {
    await h.close();
    await keyless.close();
  });

  it('does not exist without an admin key (404), like the other private endpoints', async () => {
    for (const path of ['/_debug/', '/_debug/stream', '/_debug/snapshot'])
      assert.equal((await fetch(`${keyless.url}${path}`)).status, 404, path);
  });

  it('asks a browser for the key with Basic auth and refuses a missing or wrong one (401)', async () => {
    const missing = await fetch(`${h.url}/_debug/`);
    assert.equal(missing.status, 401);
    assert.match(missing.headers.get('www-authenticate') ?? '', /^Basic realm="shopbeacon debugger"/);
    const wrong = await fetch(`${h.url}/_debug/stream`, {
      headers: { authorization: `Basic ${Buffer.from(`ops:${ADMIN_KEY}x`).toString('base64')}` },
    });
    assert.equal(wrong.status, 401);
    assert.equal(
      (await fetch(`${h.url}/_debug/snapshot`, { headers: { authorization: `Bearer ${SERVICE_TOKEN}` } })).status,
      401,
    );
  });

  it('serves the page under a strict Content-Security-Policy with no external asset', async () => {
    const page = await fetch(`${h.url}/_debug/`, { headers: BASIC });
    assert.equal(page.status, 200);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|https?:/);
    const html = await page.text();
    assert.doesNotMatch(html, /(src|href)="(https?:)?\/\//);
    assert.doesNotMatch(html, /<script>|style="/);
  });

  it('redirects /_debug to /_debug/ with a relative Location, so it works under a mount path', async () => {
    const answer = await fetch(`${h.url}/_debug`, { headers: BASIC, redirect: 'manual' });
    assert.equal(answer.status, 308);
    assert.equal(answer.headers.get('location'), '_debug/');
  });

  it('serves no demo storefront when a base URL is set', async () => {
    for (const path of ['/', '/cart', '/products/101', '/demo/assets/storefront.js'])
      assert.equal((await fetch(`${h.url}${path}`)).status, 404, path);
    assert.equal((await postJson(`${h.url}/demo/checkout`, {})).status, 404);
  });
});

describe('GET /_debug/stream', () => {
  const h = relayForSuite();

  it('streams each record from accepted to delivered with the service status and latency, never the token', async () => {
    const reading = readEventStream(`${h.url}/_debug/stream`, BASIC, (events) =>
      records(events).some((r) => r['key'] === 'dbg-1' && r['state'] === 'delivered'),
    );
    await until(() => h.relay.shopbeacon.feed.viewers === 1, 'the viewer');
    await collect(h.url, { events: [eventOf('dbg-1'), eventOf('dbg-1')] });
    const { events, raw, headers } = await reading;
    assert.match(headers.get('content-type') ?? '', /^text\/event-stream/);
    const steps = records(events).filter((r) => r['key'] === 'dbg-1');
    assert.deepEqual(
      steps.map((s) => s['state']),
      ['accepted', 'duplicate', 'delivered'],
    );
    assert.equal(steps[2]?.['status'], 200);
    assert.equal(typeof steps[2]?.['latencyMs'], 'number');
    assert.deepEqual(
      JSON.parse(steps[2]?.['body'] as string),
      h.mock.records('events').find((e) => (e as { user_id: string }).user_id === 'u-dbg-1'),
    );
    assert.ok(events.some((e) => e.event === 'stats'));
    assert.ok(!raw.includes(SERVICE_TOKEN));
  });

  it('shows a refusal with its field errors and a bot drop', async () => {
    await collect(h.url, { events: [{ event_id: 'dbg-bad', user_id: 'u', event_name: 'Added To Cart', event: {} }] });
    await collect(
      h.url,
      { events: [eventOf('dbg-bot')] },
      { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    );
    const { events } = await readEventStream(`${h.url}/_debug/stream`, BASIC, (e) =>
      records(e).some((r) => r['key'] === 'dbg-bot'),
    );
    const bad = records(events).find((r) => r['key'] === 'dbg-bad');
    assert.equal(bad?.['state'], 'rejected');
    assert.deepEqual(bad?.['errors'], [{ path: 'event.product_id', message: 'is required' }]);
    assert.equal(records(events).find((r) => r['key'] === 'dbg-bot')?.['state'], 'dropped');
  });

  it('resumes after Last-Event-ID without repeating what the viewer saw', async () => {
    const first = await readEventStream(`${h.url}/_debug/stream`, BASIC, (e) => e.some((x) => x.event === 'stats'));
    const lastId = first.events.filter((e) => e.id).at(-1)?.id ?? '0';
    await collect(h.url, { events: [eventOf('dbg-after')] });
    const { events } = await readEventStream(`${h.url}/_debug/stream`, { ...BASIC, 'last-event-id': lastId }, (e) =>
      records(e).some((r) => r['key'] === 'dbg-after'),
    );
    assert.ok(records(events).every((r) => Number(r['seq']) > Number(lastId)));
  });

  it('takes a viewer closing its tab as no warning of its own', async () => {
    await until(() => h.relay.shopbeacon.feed.viewers === 0, 'every viewer gone');
    assert.deepEqual(
      h.logs.filter((line) => line.includes('connection error') && JSON.parse(line).level >= 40),
      [],
    );
  });
});

describe('stopping the relay with the live debugger open', () => {
  it('ends the stream and exits 0 at once, not after the grace period', async () => {
    const mock = await createMockUpstream({ token: SERVICE_TOKEN });
    const relay = await spawnRelay(mock.url, mkdtempSync(join(tmpdir(), 'sb-debug-stop-')));
    try {
      const viewer = await fetch(`${relay.url}/_debug/stream`, { headers: BASIC });
      assert.equal(viewer.status, 200);
      const streamEnded = viewer.text();
      const exited = once(relay.child, 'exit');
      relay.child.kill('SIGTERM');
      await streamEnded;
      // A stop that waited on the stream ran into the end of its grace period and exited 1.
      assert.deepEqual(await exited, [0, null], relay.output.join(''));
    } finally {
      await killHard(relay);
      await mock.close();
    }
  });
});

describe('POST /_debug/dead-letters/retry', () => {
  const h = relayForSuite();

  it('moves a dead letter back to the queue, and the snapshot shows it', async () => {
    h.mock.setFaults({ failRate: 1, failStatus: 400 });
    await collect(h.url, { events: [eventOf('dbg-dead')] });
    await until(async () => (await h.relay.shopbeacon.outbox.counts()).dead.event === 1, 'the dead letter');
    const snapshot = (await (await fetch(`${h.url}/_debug/snapshot`, { headers: BASIC })).json()) as {
      deadLetters: { id: number }[];
    };
    h.mock.setFaults({ failRate: 0 });
    const answer = await postJson(`${h.url}/_debug/dead-letters/retry`, { ids: [snapshot.deadLetters[0]?.id] }, BASIC);
    assert.deepEqual(answer.body, { requeued: 1 });
    await until(() => h.mock.records('events').length === 1, 'the retried delivery');
  });

  it('refuses a call from another origin (403) and a form post (415)', async () => {
    assert.equal(
      (await postJson(`${h.url}/_debug/dead-letters/retry`, {}, { ...BASIC, origin: 'https://evil.example' })).status,
      403,
    );
    const form = await fetch(`${h.url}/_debug/dead-letters/retry`, {
      method: 'POST',
      headers: { ...BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'ids=1',
    });
    assert.equal(form.status, 415);
  });
});

describe('demo mode (shopbeacon relay without a base URL)', () => {
  const h = relayForSuite({ demo: true });

  it('serves the storefront at / with the install snippet allowed by its hash under a strict CSP', async () => {
    const page = await fetch(`${h.url}/`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<script async src="\/shopbeacon.js"><\/script>/);
    assert.match(
      page.headers.get('content-security-policy') ?? '',
      /script-src 'self' 'sha256-[\w+/=]+'; style-src 'self'/,
    );
    assert.equal((html.match(/data-sb-add-to-cart/g) ?? []).length, 12);
  });

  it('opens the debugger without a key', async () => {
    assert.equal((await fetch(`${h.url}/_debug/snapshot`)).status, 200);
  });

  it('checks out on the server side: the order goes to the /v1/orders mirror and on to the service, priced from the catalog', async () => {
    const customer = {
      email: 'a@example.com',
      first_name: 'A',
      last_name: 'B',
      city: 'Lisbon',
      zip_code: '1000',
      country: 'PT',
    };
    const answer = await postJson(`${h.url}/demo/checkout`, {
      lines: [
        { product_id: 101, quantity: 2 },
        { product_id: 112, quantity: 1 },
      ],
      customer,
    });
    assert.equal(answer.status, 200);
    const orderId = (answer.body as { order_id: number }).order_id;
    await until(() => h.mock.records('orders').length === 1, 'the order');
    assert.deepEqual(h.mock.records('orders')[0], {
      ...(h.mock.records('orders')[0] as object),
      order_id: orderId,
      order_value: 37.5,
      currency: 'EUR',
    });
  });

  it('refuses a checkout naming each bad field', async () => {
    const answer = await postJson(`${h.url}/demo/checkout`, { lines: [{ product_id: 9, quantity: 0 }], customer: {} });
    assert.equal(answer.status, 400);
    const paths = (answer.body as { errors: { path: string }[] }).errors.map((e) => e.path);
    assert.deepEqual(paths.slice(0, 3), ['lines[0].product_id', 'lines[0].quantity', 'customer.email']);
  });
});
