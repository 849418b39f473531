import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import Koa from 'koa';
import { fieldError } from '../../../relay/contract/field-error.js';
import { errorHandler, notFound } from '../../../relay/http/error-handler.js';
import { HttpError } from '../../../relay/http/http-error.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { createLogger } from '../../../relay/observability/logger.js';
import { outboxFull, outboxUnavailable } from '../../../relay/shared/storage-error.js';

/** What each path throws: the answer is the handler's. */
const THROWN: Record<string, () => unknown> = {
  '/refused': () =>
    new HttpError(422, 'invalid_record', 'the record was refused', [fieldError('order_id', 'missing', 'is required')]),
  '/full': () => outboxFull('100000 records'),
  '/disk': () => outboxUnavailable('SQLITE_IOERR'),
  '/bug': () => new TypeError('cannot read token sk_live_secret of undefined'),
};

describe('errorHandler on a real Koa server', () => {
  const logged: Record<string, unknown>[] = [];
  let server: Server;
  let url = '';
  before(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = new Koa();
    app.use(errorHandler({ logger: createLogger('info', destination) }));
    app.use((ctx) => {
      const thrown = THROWN[ctx.path];
      if (thrown) throw thrown();
      notFound(ctx);
    });
    ({ server, url } = await listen(app.callback(), 0, '127.0.0.1'));
  });
  after(() => stopListening(server));

  const answer = async (path: string) => {
    const response = await fetch(url + path);
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as unknown,
    };
  };

  it('answers a refusal with its status, code, message and field errors as clients parse them, and logs nothing', async () => {
    assert.deepEqual(await answer('/refused'), {
      status: 422,
      retryAfter: null,
      body: {
        error: 'invalid_record',
        message: 'the record was refused',
        errors: [{ path: 'order_id', message: 'is required' }],
      },
    });
    assert.deepEqual(await answer('/nowhere'), {
      status: 404,
      retryAfter: null,
      body: { error: 'not_found', message: 'no route for GET /nowhere' },
    });
    assert.equal(logged.length, 0);
  });

  it("answers a storage failure with 503 and a Retry-After by its cause, and logs the driver's code once", async () => {
    assert.deepEqual(await answer('/full'), {
      status: 503,
      retryAfter: '30',
      body: { error: 'outbox_full', message: 'the outbox is full (100000 records); retry later' },
    });
    const first = await answer('/disk');
    await answer('/disk');
    assert.deepEqual([first.status, first.retryAfter], [503, '10']);
    const lines = logged.filter((l) => l['code'] === 'outbox_unavailable');
    assert.deepEqual(
      lines.map((l) => [l['cause'], l['suppressedSinceLast']]),
      [['SQLITE_IOERR', 0]],
      'the second within 10 s is held back',
    );
  });

  it('answers any other error with a bare 500, its details in the log alone', async () => {
    const before = logged.length;
    assert.deepEqual(await answer('/bug'), {
      status: 500,
      retryAfter: null,
      body: { error: 'internal_error', message: 'internal error' },
    });
    const line = logged[before];
    assert.equal(line?.['msg'], 'unexpected error');
    assert.match(JSON.stringify(line?.['err']), /TypeError/);
  });
});
