import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { createMockUpstream } from '../../relay/mock-upstream/index.js';
import { collect } from '../helpers/collect.js';
import { readEventStream } from '../helpers/event-stream.js';
import { order } from '../helpers/records.js';
import { ADMIN_KEY, BROWSER_UA, SERVICE_TOKEN, startRelay, until, type Harness } from '../helpers/relay-harness.js';

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** A stand-in service that records every request it gets (method, path, headers) and accepts it. */
class RecordingService {
  calls: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];
  url = '';
  private server: Server = createServer((req, res) => {
    this.calls.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  });
  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }
  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('the service token stays secret', () => {
  let h: Harness;
  const seen: string[] = [];
  const answer = async (url: string, init: Parameters<typeof request>[1] = {}) => {
    const response = await request(url, init);
    const text = await response.body.text();
    seen.push(JSON.stringify(response.headers), text);
    return { status: response.statusCode, text };
  };
  before(async () => {
    h = await startRelay();
  });
  after(() => h.close());

  it('appears in no answer, no log line at any level, not the debugger, the metrics or any built file, after a full run', async () => {
    const admin = { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' };
    seen.push(
      JSON.stringify(
        await collect(h.url, {
          events: [
            { event_id: 'sec-1', event_name: 'Page', event: {} },
            { event_name: 'Added To Cart', event: {} },
          ],
        }),
      ),
    );
    await answer(`${h.url}/v1/orders`, { method: 'POST', headers: admin, body: JSON.stringify(order()) });
    await answer(`${h.url}/v1/orders`, {
      method: 'POST',
      headers: { ...admin, authorization: `Bearer ${SERVICE_TOKEN}` },
      body: '{}',
    });
    await answer(`${h.url}/v1/orders`, { method: 'POST', headers: admin, body: '{"order_id":' });
    // The service refusing the token (a 400 naming it) and failing: delivery pauses and logs why.
    h.mock.setFaults({ failRate: 1, failStatus: 500 });
    await collect(h.url, { event_name: 'Page', event: {}, event_id: 'sec-2' });
    await until(() => h.mock.calls().length >= 1, 'a failed call');
    h.mock.setFaults({ failRate: 0 });
    for (const path of ['/healthz', '/readyz', '/metrics', '/shopbeacon.js', '/nope']) await answer(`${h.url}${path}`);
    for (const path of ['/stats', '/_debug/', '/_debug/snapshot', '/_debug/assets/debugger.js'])
      await answer(`${h.url}${path}`, { headers: admin });
    const stream = await readEventStream(
      `${h.url}/_debug/stream`,
      { authorization: `Bearer ${ADMIN_KEY}` },
      (events) => events.filter((e) => e.event === 'record').length >= 3,
    );
    seen.push(stream.raw);
    await until(() => h.mock.records('events').length >= 2, 'delivery');
    const built = filesUnder('dist').map((file) => readFileSync(file, 'utf8'));
    const places = { answers: seen, logs: h.logs, built };
    for (const [where, texts] of Object.entries(places)) {
      const leaks = texts.filter((t) => t.includes(SERVICE_TOKEN));
      assert.deepEqual(
        leaks.map((t) => t.slice(0, 200)),
        [],
        `the token appears in ${where}`,
      );
    }
    // The harness logs at trace: debug lines (one per request) were written and checked too.
    assert.ok(
      h.logs.length > 10 && h.logs.some((l) => l.includes('"level":20')),
      'debug-level lines were written and checked',
    );
    console.log(
      `# token grep: ${seen.length} answers, ${h.logs.length} log lines (trace level), ${built.length} built files, 1 debugger stream: 0 occurrences`,
    );
  });

  it('appears in no error message of the CLI, even when the configuration around it is wrong', () => {
    const runs = [
      ['relay', '--base-url', 'ftp://nope', '--token', SERVICE_TOKEN],
      ['relay', '--base-url', 'http://127.0.0.1:1', '--token', SERVICE_TOKEN, '--port', 'x'],
      ['import', 'orders', '/nonexistent.csv', '--base-url', 'http://127.0.0.1:1', '--token', SERVICE_TOKEN],
    ];
    for (const args of runs) {
      const run = spawnSync(process.execPath, ['bin/shopbeacon.js', ...args], { encoding: 'utf8', timeout: 20_000 });
      assert.notEqual(run.status, 0, args.join(' '));
      assert.ok(!(run.stdout + run.stderr).includes(SERVICE_TOKEN), `${args[0]}: ${run.stderr.slice(0, 300)}`);
    }
  });
});

describe('nothing the client sends reaches beyond the configured service', () => {
  let service: RecordingService;
  let trap: RecordingService;
  let h: Harness;
  before(async () => {
    service = await new RecordingService().start();
    trap = await new RecordingService().start();
    const mock = await createMockUpstream({ token: SERVICE_TOKEN });
    await mock.close();
    h = await startRelay({ config: { baseUrl: service.url } });
  });
  after(async () => {
    await h.close();
    await service.close();
    await trap.close();
  });

  it('sends only POST /v1/* with its own headers (and asks the service its time once, without the token), whatever host, path or header the body and the request name', async () => {
    const trapHost = new URL(trap.url).host;
    const hostile = [
      { event_name: '../../v1/orders', event: { url: trap.url } },
      { event_name: `http://${trapHost}/v1/track`, event: { headers: { host: trapHost, authorization: 'Bearer x' } } },
      { event_name: 'Page\r\nHost: evil', event: {}, user_id: 'a\r\nX-Injected: 1' },
      { event_name: 'Page', event: {}, base_url: trap.url },
    ];
    const headers = {
      host: trapHost,
      'x-forwarded-host': trapHost,
      'x-forwarded-proto': 'https',
      forwarded: `host=${trapHost}`,
      'x-original-url': '/v1/orders',
    };
    for (const event of hostile) await collect(h.url, { events: [event] }, headers);
    await request(`${h.url}/v1/orders?target=${encodeURIComponent(trap.url)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json', host: trapHost },
      body: JSON.stringify(order()),
    });
    await until(() => service.calls.length >= 4, 'the calls that were accepted');
    assert.equal(trap.calls.length, 0);
    const allowedHeaders = new Set([
      'host',
      'connection',
      'content-type',
      'content-length',
      'authorization',
      'user-agent',
      'accept',
      'accept-encoding',
      'keep-alive',
    ]);
    // Besides the deliveries, one question at start: the service's time, its base URL's HEAD, no token.
    const [asked, ...others] = service.calls.filter((call) => call.method === 'HEAD');
    assert.deepEqual([asked?.url, asked?.headers.authorization, others.length], ['/', undefined, 0]);
    for (const call of service.calls.filter((c) => c !== asked)) {
      assert.equal(call.method, 'POST');
      assert.ok(['/v1/track', '/v1/orders', '/v1/products/catalog'].includes(call.url), call.url);
      assert.equal(call.headers.host, new URL(service.url).host);
      assert.equal(call.headers.authorization, `Bearer ${SERVICE_TOKEN}`);
      assert.deepEqual(
        Object.keys(call.headers).filter((name) => !allowedHeaders.has(name)),
        [],
      );
    }
    console.log(
      `# boundary: ${hostile.length + 1} hostile requests, ${service.calls.length - 1} calls to the service (POST /v1/* only) and its time asked once, 0 to any other host`,
    );
  });

  it('refuses admin endpoints a missing or wrong key, and a browser origin that is not listed', async () => {
    const statuses: string[] = [];
    for (const path of ['/stats', '/_debug/', '/v1/orders']) {
      for (const auth of [
        undefined,
        `Bearer ${ADMIN_KEY}x`,
        `Bearer ${SERVICE_TOKEN}`,
        `Basic ${Buffer.from(`u:${ADMIN_KEY.slice(0, -1)}`).toString('base64')}`,
      ]) {
        const response = await request(`${h.url}${path}`, {
          method: path === '/v1/orders' ? 'POST' : 'GET',
          headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
          body: path === '/v1/orders' ? '{}' : undefined,
        });
        await response.body.dump();
        statuses.push(`${path} ${response.statusCode}`);
      }
    }
    // Nine wrong keys and three keyless calls: a keyless call is no wrong key, so none is a 429 yet.
    assert.deepEqual(statuses, [
      ...Array(4).fill('/stats 401'),
      ...Array(4).fill('/_debug/ 401'),
      ...Array(4).fill('/v1/orders 401'),
    ]);
    const preflight = await request(`${h.url}/collect`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST', 'user-agent': BROWSER_UA },
    });
    await preflight.body.dump();
    assert.equal(preflight.statusCode, 403);
    assert.equal(preflight.headers['access-control-allow-origin'], undefined);
  });
});
