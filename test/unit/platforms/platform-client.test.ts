import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PlatformClient } from '../../../relay/platforms/platform-client.js';
import { PlatformApiError } from '../../../relay/platforms/platform-api-error.js';

type Answer = { status: number; body: string; headers?: Record<string, string> };

/** A platform on loopback answering each call with the next of `answers`; it records what it was sent. */
async function platform(t: TestContext, answers: Answer[]) {
  const seen: { method: string; url: string; type: string | undefined; body: string }[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', type: req.headers['content-type'], body });
      const answer = answers.shift() ?? { status: 500, body: 'no answer left' };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** A client whose waits are noted instead of slept. */
function client(options: Partial<ConstructorParameters<typeof PlatformClient>[0]> = {}) {
  const waits: number[] = [];
  const made = new PlatformClient({ platform: 'WooCommerce', wait: async (ms) => void waits.push(ms), ...options });
  return { client: made, waits };
}

const refusal = async (call: Promise<unknown>): Promise<PlatformApiError> => {
  try {
    await call;
  } catch (error) {
    if (error instanceof PlatformApiError) return error;
    throw error;
  }
  assert.fail('the call succeeded');
};

describe('PlatformClient', () => {
  it("reads a page's JSON without rounding 64-bit ids, with its headers", async (t) => {
    const shop = await platform(t, [
      { status: 200, body: '[{"id":9007199254740993}]', headers: { 'x-wp-totalpages': '3' } },
    ]);
    const page = await client().client.get(`${shop.url}/wp-json/wc/v3/orders?page=1`, { authorization: 'Basic x' });
    assert.deepEqual(page.body, [{ id: 9007199254740993n }]);
    assert.equal(page.headers['x-wp-totalpages'], '3');
  });

  it('sends a JSON body with its content type', async (t) => {
    const shop = await platform(t, [{ status: 201, body: '{"id":1}' }]);
    await client().client.send('POST', `${shop.url}/webhooks`, {}, { topic: 'order.updated', id: 12n });
    assert.deepEqual(shop.seen[0], {
      method: 'POST',
      url: '/webhooks',
      type: 'application/json',
      body: '{"topic":"order.updated","id":12}',
    });
  });

  it('asks again after a 5xx, and waits out a 429 for its Retry-After on a budget ten times larger', async (t) => {
    const shop = await platform(t, [
      { status: 503, body: '' },
      { status: 429, body: '', headers: { 'retry-after': '3' } },
      { status: 429, body: '' },
      { status: 200, body: '{"ok":true}' },
    ]);
    const { client: api, waits } = client({ attempts: 2 });
    assert.deepEqual((await api.get(`${shop.url}/orders`, {})).body, { ok: true });
    assert.deepEqual(waits, [1_000, 3_000, 2_000]);
  });

  it('gives up after its tries, naming the platform, the URL without its query and the last problem', async (t) => {
    const shop = await platform(t, [
      { status: 502, body: '' },
      { status: 502, body: '' },
    ]);
    const error = await refusal(client({ attempts: 2 }).client.get(`${shop.url}/orders?after=cursor`, {}));
    assert.equal(error.message, `WooCommerce did not answer ${shop.url}/orders after 2 tries: status 502`);
  });

  it('backs off doubling when the shop cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const { client: api, waits } = client({ attempts: 3 });
    const error = await refusal(api.get(`http://127.0.0.1:${port}/orders`, {}));
    assert.match(
      error.message,
      new RegExp(`^WooCommerce did not answer http://127\\.0\\.0\\.1:${port}/orders after 3 tries: `),
    );
    assert.deepEqual(waits, [500, 1_000]);
  });

  it("stops at once on refused credentials, with the platform's own code and what to check", async (t) => {
    const shop = await platform(t, [
      {
        status: 401,
        body: '{"code":"woocommerce_rest_cannot_view","message":"Sorry, you cannot list resources.","data":{"status":401}}',
      },
    ]);
    const error = await refusal(client().client.get(`${shop.url}/orders`, {}));
    assert.equal(
      error.message,
      `WooCommerce refused the credentials (401 woocommerce_rest_cannot_view: Sorry, you cannot list resources. for ${shop.url}/orders): check the key or token and its permissions`,
    );
    assert.deepEqual([error.status, error.refused, shop.seen.length], [401, true, 1]);
  });

  it("reads Shopify's and PrestaShop's error shapes, and stops on an answer the platform says no retry mends", async (t) => {
    const shop = await platform(t, [
      { status: 403, body: '{"errors":"[API] Invalid API key or access token"}' },
      { status: 401, body: '{"errors":[{"code":17,"message":"Authentication key is empty"}]}' },
      { status: 503, body: 'The webservice is disabled' },
    ]);
    const { client: api } = client({
      permanentFailure: (status, text) =>
        status === 503 && text.includes('disabled') ? 'enable the Webservice' : undefined,
    });
    assert.match(
      (await refusal(api.get(`${shop.url}/a`, {}))).message,
      /\(403 \[API\] Invalid API key or access token for /,
    );
    assert.match((await refusal(api.get(`${shop.url}/b`, {}))).message, /\(401 17: Authentication key is empty for /);
    const disabled = await refusal(api.get(`${shop.url}/c`, {}));
    assert.deepEqual([disabled.message, disabled.status, shop.seen.length], ['enable the Webservice', 503, 3]);
  });

  it('says a page that is not JSON may not be the shop, and names another status it cannot read', async (t) => {
    const shop = await platform(t, [
      { status: 200, body: '<html>login</html>' },
      { status: 404, body: '{}' },
    ]);
    const { client: api } = client();
    assert.equal(
      (await refusal(api.get(`${shop.url}/a?x=1`, {}))).message,
      `WooCommerce sent a page that is not JSON (${shop.url}/a): is the URL the shop's?`,
    );
    assert.equal((await refusal(api.get(`${shop.url}/b`, {}))).message, `WooCommerce answered 404 for ${shop.url}/b`);
  });
});
