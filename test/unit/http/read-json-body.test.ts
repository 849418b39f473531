import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import Koa from 'koa';
import { errorHandler } from '../../../relay/http/error-handler.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { readJsonBody } from '../../../relay/http/read-json-body.js';
import { createLogger } from '../../../relay/observability/logger.js';

/** What a real Koa server answers for each body: the value it read, or the refusal's status and code. */
describe('readJsonBody(ctx, options) on a real Koa server', () => {
  let server: Server;
  let url = '';
  before(async () => {
    const app = new Koa();
    app.use(errorHandler({ logger: createLogger('silent') }));
    app.use(async (ctx) => {
      const exactIntegers = ctx.path === '/exact';
      const value = await readJsonBody(ctx, { limit: 128, types: ['application/json', 'text/plain'], exactIntegers });
      ctx.body = {
        read:
          typeof value === 'object'
            ? JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))
            : value,
      };
    });
    ({ server, url } = await listen(app.callback(), 0, '127.0.0.1'));
  });
  after(() => stopListening(server));

  const post = async (body: string | Blob, type = 'application/json', path = '/') => {
    const answer = await fetch(url + path, { method: 'POST', headers: { 'content-type': type }, body });
    return [answer.status, (await answer.json()) as { read?: string; error?: string; message?: string }] as const;
  };

  it('reads JSON under any media type it names, parameters and case aside', async () => {
    assert.deepEqual(await post('{"a":[1,"é"]}', 'Application/JSON; charset=utf-8'), [200, { read: '{"a":[1,"é"]}' }]);
    assert.deepEqual(await post('{"a":1}', 'text/plain'), [200, { read: '{"a":1}' }]);
  });

  it('refuses another media type with 415, a body past the limit with 413, naming the limit', async () => {
    const [status, body] = await post('{"a":1}', 'application/x-www-form-urlencoded');
    assert.deepEqual(
      [status, body.error, body.message],
      [415, 'unsupported_media_type', 'content-type must be one of application/json, text/plain'],
    );
    const [big, tooLarge] = await post(JSON.stringify({ a: 'x'.repeat(200) }));
    assert.deepEqual([big, tooLarge.error, tooLarge.message], [413, 'body_too_large', 'body is larger than 128 bytes']);
  });

  it('refuses bytes that are not UTF-8, text that is not JSON, a number past a double and nesting past 32 levels, each by its own code', async () => {
    const codes = await Promise.all([
      post(new Blob([new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])])),
      post('{"a":'),
      post('{"a":1e309}'),
      post('['.repeat(33) + ']'.repeat(33)),
    ]);
    assert.deepEqual(
      codes.map(([status, body]) => `${status} ${body.error}`),
      ['400 invalid_utf8', '400 invalid_json', '400 number_out_of_range', '400 too_deep'],
    );
  });

  it('keeps an integer past 2^53 exact only where asked, and rounds it as JSON does elsewhere', async () => {
    assert.deepEqual(await post('{"id":12345678901234567891}', 'application/json', '/exact'), [
      200,
      { read: '{"id":"12345678901234567891n"}' },
    ]);
    assert.deepEqual(await post('{"id":12345678901234567891}'), [200, { read: '{"id":12345678901234567000}' }]);
  });
});
