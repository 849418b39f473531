import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Worker } from 'node:worker_threads';
import { classifyError } from '../../../relay/delivery/classify-response.js';
import { ThreadedUpstreamClient } from '../../../relay/delivery/threaded-upstream-client.js';

/** A service that echoes each body, answers 429 with Retry-After when asked, and never answers `/v1/orders`. */
function service(): Promise<{ url: string; server: Server; held: ServerResponse[] }> {
  const held: ServerResponse[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk));
    request.on('end', () => {
      if (request.url === '/api/v1/orders') return void held.push(response);
      if (body.includes('busy')) response.writeHead(429, { 'retry-after': '7' }).end('slow down');
      else response.writeHead(202).end(`${request.headers.authorization} ${request.url} ${body}`);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, server, held }),
    ),
  );
}

/** What delivery makes of a failed call: retried, and whether the service may have it. */
const ambiguity = (error: unknown) => {
  const outcome = classifyError(error);
  return { type: outcome.type, ambiguous: outcome.type === 'retry' && outcome.ambiguous };
};
const options = (baseUrl: string) => ({
  baseUrl,
  token: 'secret-token',
  deliveryConcurrency: 4,
  deliveryTimeoutMs: 2_000,
});

describe('ThreadedUpstreamClient, the service calls on their own thread (relay/delivery/threaded-upstream-client.ts)', () => {
  let up: Awaited<ReturnType<typeof service>>;
  before(async () => (up = await service()));
  after(() => {
    up.held.forEach((response) => response.destroy());
    up.server.close();
  });

  it('answers each call of a turn with its own status, body, Retry-After and Date, under the prefix and token of the base URL', async () => {
    const client = new ThreadedUpstreamClient(options(up.url));
    const answers = await Promise.all([
      client.post('/v1/track', 'one'),
      client.post('/v1/track', 'busy'),
      client.post('/v1/products/catalog', 'three'),
    ]);
    await client.close();
    // Each answer's Date is the service's clock (shared/service-clock.ts), read as the stand-in wrote it.
    assert.ok(answers.every((answer) => Math.abs(Date.parse(answer.date ?? '') - Date.now()) < 5_000));
    assert.deepEqual(
      answers.map(({ date: _date, ...rest }) => rest),
      [
        { status: 202, body: 'Bearer secret-token /api/v1/track one', retryAfter: undefined },
        { status: 429, body: 'slow down', retryAfter: '7' },
        { status: 202, body: 'Bearer secret-token /api/v1/products/catalog three', retryAfter: undefined },
      ],
    );
  });

  it("fails a refused connection with undici's code, which delivery reads as safe to retry", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const client = new ThreadedUpstreamClient(options(`http://127.0.0.1:${port}`));
    const error = await client.post('/v1/track', '{}').catch((e: unknown) => e);
    await client.close();
    assert.equal((error as { code: string }).code, 'ECONNREFUSED');
    assert.deepEqual(ambiguity(error), { type: 'retry', ambiguous: false });
  });

  it('on destroy fails the calls in flight, and refuses calls after it', async () => {
    const client = new ThreadedUpstreamClient(options(up.url));
    const pending = client.post('/v1/orders', '{"order_id":1}').catch((e: unknown) => e);
    await until(() => up.held.length === 1);
    await client.destroy();
    assert.ok((await pending) instanceof Error);
    await assert.rejects(client.post('/v1/track', '{}'), /closed/);
  });

  it('fails the calls of a thread that died as a reset (the service may have them) and starts another for the next call', async () => {
    const client = new ThreadedUpstreamClient(options(up.url));
    const pending = client.post('/v1/orders', '{"order_id":2}').catch((e: unknown) => e);
    await until(() => up.held.length === 2);
    await (client as unknown as { thread: Worker }).thread.terminate();
    const error = await pending;
    assert.equal((error as { code: string }).code, 'ECONNRESET');
    assert.deepEqual(ambiguity(error), { type: 'retry', ambiguous: true });
    assert.equal((await client.post('/v1/track', 'again')).status, 202);
    await client.close();
  });
});

/** Resolves once `condition` holds, looking again every few milliseconds (the server's state changes on its own sockets). */
function until(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const look = () => (condition() ? resolve() : setTimeout(look, 5));
    look();
  });
}
