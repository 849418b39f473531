import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientHttpError, ClientValidationError } from '../../../relay/client/client-errors.js';
import { createClient, type ClientOptions } from '../../../relay/client/create-client.js';
import { order, product, trackingEvent } from '../../helpers/records.js';

interface Seen {
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A service on 127.0.0.1 that answers the n-th request with `answers[n]` (the last one for every
 * request after), and the requests it saw; it and the client made on it are closed after the test.
 */
async function service(
  t: TestContext,
  answers: ((response: ServerResponse) => void)[],
  options: Omit<ClientOptions, 'baseUrl' | 'token'> & { path?: string } = {},
) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      seen.push({ url: request.url, headers: request.headers, body });
      (answers[seen.length - 1] ?? answers.at(-1))!(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { path, ...clientOptions } = options;
  const client = createClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path ?? ''}`,
    token: 'admin-key',
    ...clientOptions,
  });
  t.after(async () => {
    await client.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { client, seen };
}

const answer =
  (status: number, body = '', headers: Record<string, string> = {}) =>
  (response: ServerResponse) =>
    response.writeHead(status, headers).end(body);

describe('createClient(options)', () => {
  it('posts a valid record as JSON under the base URL, its slashes trimmed, with the token, and answers the parsed body', async (t) => {
    const { client, seen } = await service(t, [answer(202, '{"queued":1}'), answer(204)], { path: '/relay//' });
    const record = order();
    assert.deepEqual(await client.uploadOrder(record as never), { status: 202, body: { queued: 1 } });
    assert.deepEqual(await client.uploadProduct(product() as never), { status: 204, body: undefined });
    await client.track(trackingEvent() as never);
    assert.deepEqual(
      seen.map((s) => s.url),
      ['/relay/v1/orders', '/relay/v1/products/catalog', '/relay/v1/track'],
    );
    assert.equal(seen[0]!.body, JSON.stringify(record));
    assert.equal(seen[0]!.headers.authorization, 'Bearer admin-key');
    assert.equal(seen[0]!.headers['content-type'], 'application/json');
    assert.equal(seen[0]!.headers['shopbeacon-source'], undefined, 'no origin given: shown as the mirror');
  });

  it('says where the records come from when a job sends them: the source, and the platform when there is one', async (t) => {
    const backfill = await service(t, [answer(202)], { origin: { source: 'backfill', platform: 'shopify' } });
    await backfill.client.postBatch('/v1/orders', []);
    const imported = await service(t, [answer(202)], { origin: { source: 'import' } });
    await imported.client.postBatch('/v1/orders', []);
    const [viaBackfill, viaImport] = [backfill.seen[0]!.headers, imported.seen[0]!.headers];
    assert.deepEqual([viaBackfill['shopbeacon-source'], viaBackfill['shopbeacon-platform']], ['backfill', 'shopify']);
    assert.deepEqual([viaImport['shopbeacon-source'], viaImport['shopbeacon-platform']], ['import', undefined]);
  });

  it('refuses an invalid record before sending anything, naming each field', async (t) => {
    const { client, seen } = await service(t, [answer(202)]);
    await assert.rejects(client.uploadProduct(product({ product_id: -1, currency: '€' }) as never), (error) => {
      assert.ok(error instanceof ClientValidationError);
      assert.deepEqual(
        error.errors.map((e) => e.path),
        ['currency', 'product_id'],
      );
      return true;
    });
    await assert.rejects(client.track(trackingEvent(Date.now(), { user_id: '' }) as never), ClientValidationError);
    assert.equal(seen.length, 0);
  });

  it('tries 408, 429 and 5xx again as Retry-After says, up to `retries` more times, then fails with the last answer', async (t) => {
    const { client, seen } = await service(
      t,
      [
        answer(408, 'slow', { 'retry-after': '0' }),
        answer(429, 'busy', { 'retry-after': '0' }),
        answer(503, 'down', { 'retry-after': '0' }),
      ],
      { retries: 3 },
    );
    await assert.rejects(client.uploadOrder(order() as never), (error) => {
      assert.ok(error instanceof ClientHttpError);
      assert.deepEqual([error.status, error.body], [503, 'down']);
      return true;
    });
    assert.equal(seen.length, 4, 'the first attempt and 3 retries');
    assert.ok(seen.every((s) => s.body === seen[0]!.body));
  });

  it('answers the first success after a failure retried when Retry-After said, and never tries again a 4xx that retrying will not change', async (t) => {
    const flaky = await service(t, [answer(502, '', { 'retry-after': '1' }), answer(200, '{"ok":true}')]);
    const started = Date.now();
    assert.deepEqual(await flaky.client.uploadOrder(order() as never), { status: 200, body: { ok: true } });
    assert.ok(Date.now() - started >= 990, 'waited the second Retry-After asked for, not the half-second backoff');
    assert.equal(flaky.seen.length, 2);
    const refusing = await service(t, [answer(401, '{"error":"invalid_api_key"}')]);
    await assert.rejects(refusing.client.uploadOrder(order() as never), { status: 401 });
    assert.equal(refusing.seen.length, 1);
  });

  it('tries a dropped connection again, and fails with the network error itself once the retries ran out', async (t) => {
    const drop = (response: ServerResponse) => response.socket?.destroy();
    const once = await service(t, [drop, answer(202)], { retries: 1 });
    assert.equal((await once.client.uploadOrder(order() as never)).status, 202);
    assert.equal(once.seen.length, 2);
    const always = await service(t, [drop], { retries: 0 });
    const error = await always.client.uploadOrder(order() as never).catch((e: unknown) => e);
    assert.ok(error instanceof Error && !(error instanceof ClientHttpError), String(error));
    assert.equal((error as { code?: string }).code, 'UND_ERR_SOCKET');
    assert.equal(always.seen.length, 1);
  });

  it('gives up on a service that does not answer within `timeoutMs`', async (t) => {
    const held: ServerResponse[] = [];
    const { client } = await service(t, [(response) => void held.push(response)], { retries: 0, timeoutMs: 100 });
    t.after(() => held.forEach((response) => response.destroy()));
    await assert.rejects(client.uploadOrder(order() as never), { code: 'UND_ERR_HEADERS_TIMEOUT' });
  });

  it('writes an id past 2^53 given as a bigint with its exact digits', async (t) => {
    const { client, seen } = await service(t, [answer(202)]);
    await client.postBatch('/v1/orders', [{ order_id: 2n ** 64n + 1n }]);
    assert.equal(seen[0]!.body, '[{"order_id":18446744073709551617}]');
  });
});
