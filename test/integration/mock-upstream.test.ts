import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockUpstream, type MockUpstream } from '../../relay/mock-upstream/index.js';
import { getJson, postJson } from '../helpers/http.js';
import { order, product, trackingEvent } from '../helpers/records.js';

const AUTH = { authorization: 'Bearer dev-token' };

describe('createMockUpstream(options)', () => {
  let mock: MockUpstream;
  before(async () => {
    mock = await createMockUpstream();
  });
  after(() => mock.close());
  beforeEach(() => {
    mock.reset();
    mock.setFaults({ latencyMs: 0, failRate: 0, failStatus: 500, mode: 'normal' });
  });

  describe('POST /v1/orders', () => {
    it('answers 200 and keeps the order as received', async () => {
      const body = order();
      const res = await postJson(`${mock.url}/v1/orders`, body, AUTH);
      assert.equal(res.status, 200);
      assert.deepEqual(mock.records('orders'), [body]);
    });
    it('overwrites an order sent again with the same order_id', async () => {
      await postJson(`${mock.url}/v1/orders`, order(Date.now(), { status: 'processing' }), AUTH);
      await postJson(`${mock.url}/v1/orders`, order(Date.now(), { status: 'completed' }), AUTH);
      const stored = mock.records('orders') as { status: string }[];
      assert.deepEqual(
        stored.map((o) => o.status),
        ['completed'],
      );
    });
    it('answers 400 naming every failing field', async () => {
      const res = await postJson(`${mock.url}/v1/orders`, order(Date.now(), { order_id: 'x', line_items: [{}] }), AUTH);
      assert.equal(res.status, 400);
      const paths = (res.body as { errors: { path: string }[] }).errors.map((e) => e.path);
      assert.deepEqual(paths, [
        'order_id',
        'line_items[0].line_item_product_id',
        'line_items[0].line_item_price',
        'line_items[0].line_item_quantity',
      ]);
      assert.equal(mock.records('orders').length, 0);
    });
    it('answers 400 without a bearer token, saying so', async () => {
      const res = await postJson(`${mock.url}/v1/orders`, order());
      assert.equal(res.status, 400);
      assert.deepEqual((res.body as { errors: unknown[] }).errors, [
        { path: 'headers.authorization', message: 'is required' },
      ]);
    });
    it('answers 400 for a wrong bearer token', async () => {
      const res = await postJson(`${mock.url}/v1/orders`, order(), { authorization: 'Bearer nope' });
      assert.equal(res.status, 400);
      assert.equal((res.body as { error: string }).error, 'unauthorized');
    });
    it('answers 400 for a body that is not JSON, as the service shows no other status', async () => {
      const res = await postJson(`${mock.url}/v1/orders`, '{"order_id":', AUTH);
      assert.equal(res.status, 400);
      assert.equal((res.body as { error: string }).error, 'invalid_json');
    });
  });

  describe('POST /v1/products/catalog', () => {
    it('accepts a product without a token, since the header is optional there', async () => {
      const res = await postJson(`${mock.url}/v1/products/catalog`, product());
      assert.equal(res.status, 200);
    });
    it('checks the token when one is sent', async () => {
      const res = await postJson(`${mock.url}/v1/products/catalog`, product(), { authorization: 'Bearer wrong' });
      assert.equal(res.status, 400);
    });
    it('overwrites a product sent again with the same product_id', async () => {
      await postJson(`${mock.url}/v1/products/catalog`, product({ price: 1 }), AUTH);
      await postJson(`${mock.url}/v1/products/catalog`, product({ price: 2 }), AUTH);
      assert.deepEqual(
        (mock.records('products') as { price: number }[]).map((p) => p.price),
        [2],
      );
    });
  });

  describe('POST /v1/track', () => {
    it('appends every event and counts distinct user_id per month of datetime', async () => {
      await postJson(`${mock.url}/v1/track`, trackingEvent(Date.now(), { user_id: 'a' }), AUTH);
      await postJson(`${mock.url}/v1/track`, trackingEvent(Date.now(), { user_id: 'a' }), AUTH);
      await postJson(`${mock.url}/v1/track`, trackingEvent(Date.now(), { user_id: 'b' }), AUTH);
      const stats = await getJson<{ events: number; visitorsByMonth: Record<string, number> }>(
        `${mock.url}/_mock/stats`,
      );
      assert.equal(stats.events, 3);
      assert.deepEqual(Object.values(stats.visitorsByMonth), [2]);
    });
    it('refuses an event older than 2 years', async () => {
      const res = await postJson(
        `${mock.url}/v1/track`,
        trackingEvent(Date.now(), { datetime: '2020-01-01 00:00:00' }),
        AUTH,
      );
      assert.equal(res.status, 400);
    });
  });

  describe('faults', () => {
    it('answers the configured fail status with Retry-After at fail rate 1', async () => {
      const res = await postJson(`${mock.url}/_mock/faults`, { failRate: 1, failStatus: 429, retryAfterSeconds: 3 });
      assert.equal(res.status, 200);
      const fault = await postJson(`${mock.url}/v1/track`, trackingEvent(), AUTH);
      assert.equal(fault.status, 429);
      assert.equal(fault.headers.get('retry-after'), '3');
      assert.equal(mock.records('events').length, 0);
    });
    it('destroys the connection without an answer in drop mode', async () => {
      mock.setFaults({ mode: 'drop' });
      await assert.rejects(postJson(`${mock.url}/v1/track`, trackingEvent(), AUTH));
      assert.deepEqual(
        mock.calls().map((c) => c.status),
        [0],
      );
    });
    it('delays answers by the configured latency', async () => {
      mock.setFaults({ latencyMs: 150 });
      const started = performance.now();
      await postJson(`${mock.url}/v1/track`, trackingEvent(), AUTH);
      assert.ok(performance.now() - started >= 140);
    });
    it('answers 429 with Retry-After: 1 above the rate limit of calls per second (`rateLimit`, --rate-limit)', async (t) => {
      // The service's clock held still, so all eight fall in one counting window however busy the machine.
      const still = Date.now();
      const limited = await createMockUpstream({ now: () => still, faults: { rateLimit: 5 } });
      t.after(() => limited.close());
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => postJson(`${limited.url}/v1/track`, trackingEvent(), AUTH)),
      );
      assert.deepEqual(answers.map((a) => a.status).sort(), [200, 200, 200, 200, 200, 429, 429, 429]);
      assert.ok(answers.filter((a) => a.status === 429).every((a) => a.headers.get('retry-after') === '1'));
      assert.equal(limited.records('events').length, 5);
    });
    it('refuses an unknown fault setting, naming it', async () => {
      const res = await postJson(`${mock.url}/_mock/faults`, { failrate: 1 });
      assert.equal(res.status, 400);
      assert.equal((res.body as { errors: { path: string }[] }).errors[0]?.path, 'failrate');
    });
  });

  describe('inspection', () => {
    it('serves the OpenAPI document of the three endpoints', async () => {
      const doc = await getJson<{ openapi: string; paths: Record<string, unknown> }>(`${mock.url}/openapi.json`);
      assert.equal(doc.openapi, '3.1.0');
      assert.deepEqual(Object.keys(doc.paths).sort(), ['/v1/orders', '/v1/products/catalog', '/v1/track']);
    });
    it('refuses an unknown record kind', async () => {
      const res = await fetch(`${mock.url}/_mock/records?kind=carts`);
      assert.equal(res.status, 400);
    });
  });
});

describe('createMockUpstream({dataFile})', () => {
  it('keeps records across a restart', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'sb-mock-')), 'mock.json');
    const first = await createMockUpstream({ dataFile });
    await postJson(`${first.url}/v1/orders`, order(), AUTH);
    await postJson(`${first.url}/v1/track`, trackingEvent(), AUTH);
    await first.close();
    const second = await createMockUpstream({ dataFile });
    assert.equal(second.records('orders').length, 1);
    assert.equal(second.stats().events, 1);
    await second.close();
  });
});

describe('shopbeacon mock-upstream --help', () => {
  it('explains every flag', () => {
    const help = execFileSync(process.execPath, ['bin/shopbeacon.js', 'mock-upstream', '--help'], { encoding: 'utf8' });
    for (const flag of ['--port', '--host', '--token', '--latency-ms', '--fail-rate', '--fail-status', '--data-file']) {
      assert.match(help, new RegExp(`${flag} `));
    }
  });
  it('fails fast naming the variable of a bad setting', () => {
    const run = () =>
      execFileSync(process.execPath, ['bin/shopbeacon.js', 'mock-upstream'], {
        env: { ...process.env, SHOPBEACON_MOCK_FAIL_RATE: 'often' },
        stdio: 'pipe',
      });
    assert.throws(run, (error: { status: number; stderr: Buffer }) => {
      assert.equal(error.status, 1);
      assert.match(error.stderr.toString(), /SHOPBEACON_MOCK_FAIL_RATE/);
      return true;
    });
  });
});
