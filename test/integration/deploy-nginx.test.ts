import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { request } from 'undici';
import { createMockUpstream, type MockUpstream } from '../../relay/mock-upstream/index.js';
import { browserEvent, collect, deliveredEvent } from '../helpers/collect.js';
import { NginxServer, nginxUnavailableReason } from '../helpers/nginx-server.js';
import { ADMIN_KEY, until } from '../helpers/relay-harness.js';
import { killHard, spawnRelay, type RelayProcess } from '../helpers/relay-process.js';
import { unmetRequirement } from '../helpers/requirement.js';

const skip = unmetRequirement('the nginx deployment', nginxUnavailableReason());
const LOCATION = resolve('deploy/nginx/shopbeacon.conf');
const UPSTREAM_LINE = 'server 127.0.0.1:8787;';

/** deploy/nginx as shipped: the location file by path, the upstream file with only the relay's port changed. */
function shopHttpBlock(relayUrl: string): string {
  const upstream = readFileSync('deploy/nginx/shopbeacon-upstream.conf', 'utf8');
  assert.ok(upstream.includes(UPSTREAM_LINE), `the upstream file names ${UPSTREAM_LINE}`);
  const { port } = new URL(relayUrl);
  return `${upstream.replace(UPSTREAM_LINE, `server 127.0.0.1:${port};`)}
server { listen 127.0.0.1:{{port}}; server_name shop.test; include ${LOCATION}; }`;
}

interface Deployment {
  mock: MockUpstream;
  relay: RelayProcess;
  nginx: NginxServer;
  shop: string;
}

async function deploy(env: Record<string, string>): Promise<Deployment> {
  const mock = await createMockUpstream({ token: 'svc-token-7f3a9c1e5b' });
  const relay = await spawnRelay(mock.url, mkdtempSync(join(tmpdir(), 'sb-nginx-data-')), {
    SHOPBEACON_TRUST_PROXY: '1',
    ...env,
  });
  const nginx = await new NginxServer().start(shopHttpBlock(relay.url));
  return { mock, relay, nginx, shop: `${nginx.url}/sb` };
}

async function undeploy(d: Deployment | undefined): Promise<void> {
  await d?.nginx.stop();
  if (d) await killHard(d.relay);
  await d?.mock.close();
}

describe('the relay behind nginx with deploy/nginx/shopbeacon.conf', { skip }, () => {
  let d: Deployment;
  before(async () => {
    d = await deploy({});
  });
  after(() => undeploy(d));

  it('serves the snippet and the Shopify storefront companion under /sb/', async () => {
    for (const file of ['shopbeacon.js', 'shopbeacon-shopify.js']) {
      const response = await fetch(`${d.shop}/${file}`);
      assert.equal(response.status, 200, file);
      assert.match(response.headers.get('content-type') ?? '', /javascript/);
      assert.ok((await response.text()).length > 500, file);
    }
  });

  it('takes /sb/collect and delivers the event to the service', async () => {
    const event = browserEvent();
    const answer = await collect(d.shop, { events: [event] }, { host: 'shop.test' });
    assert.equal(answer.status, 200, answer.text);
    await until(() => deliveredEvent(d.mock, event) !== undefined, 'the event at the service');
  });

  it("takes a browser's /sb/collect on a shop served on a port other than 443: the relay sees the port nginx was reached on", async () => {
    // A browser on http://127.0.0.1:<port> sends Host and Origin with the port; $host would drop it and the Origin check refuse every event.
    const { host } = new URL(d.shop);
    const answer = await collect(d.shop, { events: [browserEvent()] }, { origin: `http://${host}` });
    assert.equal(answer.status, 200, answer.text);
  });

  it('sets Secure cookies when a TLS terminator in front told nginx the visitor used https', async () => {
    const viaTls = await collect(d.shop, { events: [browserEvent()] }, { 'x-forwarded-proto': 'https' });
    const plain = await collect(d.shop, { events: [browserEvent()] });
    const cookies = (answer: { headers: Headers }) => answer.headers.getSetCookie();
    assert.ok(
      cookies(viaTls).length > 0 && cookies(viaTls).every((c) => c.includes('; Secure')),
      cookies(viaTls).join(' | '),
    );
    assert.ok(
      cookies(plain).length > 0 && cookies(plain).every((c) => !c.includes('Secure')),
      cookies(plain).join(' | '),
    );
  });

  it("keeps the operator's routes off the public door: nginx answers 404 for them, the relay's own address serves them", async () => {
    for (const path of ['/stats', '/metrics', '/_debug/', '/_debug/stream', '/readyz', '/healthz']) {
      const answer = await request(`${d.shop}${path}`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
      assert.equal(answer.statusCode, 404, `/sb${path} through nginx`);
      await answer.body.dump();
    }
    const mirror = await request(`${d.shop}/v1/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_KEY}` },
      body: '{}',
    });
    assert.equal(mirror.statusCode, 404, '/sb/v1/orders through nginx');
    await mirror.body.dump();
    const direct = await request(`${d.relay.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
    assert.equal(direct.statusCode, 200);
    await direct.body.dump();
  });

  it('refuses a body over what the relay takes with 413 at nginx, before the relay reads it: /collect over 64 KB, a webhook over 1 MB', async () => {
    const accepted = async () =>
      (
        (await (await fetch(`${d.relay.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as {
          outbox: { accepted: number };
        }
      ).outbox.accepted;
    const before = await accepted();
    const posts = [
      { path: '/collect', type: 'text/plain;charset=UTF-8', size: 65 * 1024 },
      { path: '/webhooks/woocommerce', type: 'application/json', size: 1024 * 1024 + 1 },
    ];
    for (const { path, type, size } of posts) {
      const response = await request(`${d.shop}${path}`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: Buffer.alloc(size, 0x20),
      }).catch((error: unknown) => ({ statusCode: 0, error }));
      assert.equal(response.statusCode, 413, path);
      if ('body' in response) assert.match(await response.body.text(), /nginx/, `${path}: nginx's own answer`);
    }
    assert.equal(await accepted(), before);
  });
});

describe('the rate limits behind nginx', { skip }, () => {
  let d: Deployment;
  before(async () => {
    d = await deploy({ SHOPBEACON_RATE_LIMIT_IP: '5' });
  });
  after(() => undeploy(d));

  it('count the client IP nginx saw, whatever X-Forwarded-For the client sends', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const forged = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      statuses.push((await collect(d.shop, { events: [browserEvent({ user_id: undefined })] }, forged)).status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429]);
  });
});

describe('deploy/nginx/shopbeacon.conf in front of a relay that is hung', { skip }, () => {
  let hung: Server;
  let nginx: NginxServer;
  const held: Socket[] = [];
  before(async () => {
    // Takes connections and never answers, as a relay stuck on its event loop does.
    hung = createServer((socket) => void held.push(socket));
    await new Promise<void>((done) => hung.listen(0, '127.0.0.1', done));
    nginx = await new NginxServer().start(shopHttpBlock(`http://127.0.0.1:${(hung.address() as AddressInfo).port}`));
  });
  after(async () => {
    await nginx?.stop();
    for (const socket of held) socket.destroy();
    await new Promise((done) => hung.close(done));
  });

  it("answers the script first (504 after its 1 s) and /collect and the webhooks after their 5 s, never nginx's default 60 s", async () => {
    const answered: string[] = [];
    const ask = async (path: string, init: RequestInit) => {
      const response = await fetch(`${nginx.url}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
      assert.equal(response.status, 504, path);
      answered.push(path);
    };
    await Promise.all([
      ask('/sb/shopbeacon.js', {}),
      ask('/sb/collect', { method: 'POST', body: '{"events":[]}' }),
      ask('/sb/webhooks/woocommerce', { method: 'POST', body: '{}' }),
    ]);
    // Asked together: the script's shorter limit ends its wait first, so a page's load waits least.
    assert.equal(answered[0], '/sb/shopbeacon.js');
  });
});
