import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { ThreadAnswer, ThreadRequest } from '../../../relay/delivery/upstream-thread-protocol.js';

const MODULE = new URL('../../../relay/delivery/upstream-thread.ts', import.meta.url).href;

/**
 * A service on 127.0.0.1 that answers each body `<status>` with that status and the body echoed,
 * and holds the requests whose body is `hold` until the test lets them go; closed after the test.
 */
async function service(t: TestContext): Promise<{ url: string; held: ServerResponse[]; arrived: () => Promise<void> }> {
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (body === 'hold') return void (held.push(response), server.emit('held'));
      response.writeHead(Number(body), { 'retry-after': '3' }).end(`${request.url} ${body}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api`, held, arrived: () => once(server, 'held').then(() => undefined) };
}

/**
 * The module started as the relay starts it (a worker loading it through tsx), with every
 * message it posts collected in order; terminated after the test.
 */
function thread(t: TestContext, baseUrl: string) {
  const worker = new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(MODULE)}, ${JSON.stringify(MODULE)}))`,
    {
      eval: true,
      execArgv: [],
      workerData: { baseUrl, token: 'secret', deliveryConcurrency: 4, deliveryTimeoutMs: 2_000 },
    },
  );
  t.after(() => worker.terminate());
  const messages: (ThreadAnswer[] | string)[] = [];
  const waiting: (() => void)[] = [];
  worker.on('message', (message: ThreadAnswer[] | string) => {
    messages.push(message);
    waiting.splice(0).forEach((wake) => wake());
  });
  /** Resolves with the messages so far once they satisfy `enough`. */
  const received = async (enough: (messages: (ThreadAnswer[] | string)[]) => boolean) => {
    while (!enough(messages)) await new Promise<void>((wake) => waiting.push(wake));
    return messages;
  };
  const send = (request: ThreadRequest) => worker.postMessage(request);
  return { send, received, messages };
}

/** Each answer by its call's number, the Date left out. */
const byNumber = (batches: (ThreadAnswer[] | string)[]) =>
  batches
    .flatMap((batch) => (Array.isArray(batch) ? batch : []))
    .map((reply) =>
      'answer' in reply ? { n: reply.n, answer: { ...reply.answer, date: typeof reply.answer.date } } : reply,
    )
    .sort((a, b) => a.n - b.n);

describe('the delivery thread (relay/delivery/upstream-thread.ts)', () => {
  it('refuses to run anywhere but in a worker thread', async () => {
    await assert.rejects(
      import(MODULE),
      /upstream-thread\.ts runs as a worker thread \(ThreadedUpstreamClient starts it\)/,
    );
  });

  it("answers each call by its number with the service's status, body and Retry-After, under the base URL's prefix", async (t) => {
    const up = await service(t);
    const { send, received } = thread(t, up.url);
    send({
      type: 'calls',
      calls: [
        { n: 7, path: '/v1/track', body: '202' },
        { n: 8, path: '/v1/orders', body: '429' },
      ],
    });
    const answers = byNumber(await received((m) => byNumber(m).length === 2));
    assert.deepEqual(answers, [
      { n: 7, answer: { status: 202, body: '/api/v1/track 202', retryAfter: '3', date: 'string' } },
      { n: 8, answer: { status: 429, body: '/api/v1/orders 429', retryAfter: '3', date: 'string' } },
    ]);
  });

  it("answers the failures of one turn together in one message, each with undici's code and message", async (t) => {
    const up = await service(t);
    const { send, received } = thread(t, up.url);
    const calls = [1, 2, 3].map((n) => ({ n, path: '/v1/track\n' as never, body: '202' }));
    send({ type: 'calls', calls });
    const [batch] = await received((m) => m.length === 1);
    assert.ok(Array.isArray(batch));
    assert.deepEqual(
      batch.map((reply) => ('error' in reply ? [reply.n, reply.error.code] : [reply.n, 'answered'])),
      [
        [1, 'UND_ERR_INVALID_ARG'],
        [2, 'UND_ERR_INVALID_ARG'],
        [3, 'UND_ERR_INVALID_ARG'],
      ],
    );
    assert.ok(batch.every((reply) => 'error' in reply && reply.error.message.length > 0));
  });

  it('on close waits for the calls in flight, and says it closed only after their answers', async (t) => {
    const up = await service(t);
    const { send, received, messages } = thread(t, up.url);
    const arrived = up.arrived();
    send({ type: 'calls', calls: [{ n: 1, path: '/v1/orders', body: 'hold' }] });
    await arrived;
    send({ type: 'close' });
    // A call after the close is refused: once its answer is back, the close is under way, and waits.
    send({ type: 'calls', calls: [{ n: 2, path: '/v1/track', body: '202' }] });
    await received((m) => byNumber(m).some((reply) => reply.n === 2));
    assert.equal(messages.includes('close'), false, 'not closed while a call is in flight');
    up.held[0]!.writeHead(200).end('done');
    const all = await received((m) => m.some((message) => typeof message === 'string'));
    assert.equal(all.at(-1), 'close', 'the end is the last message');
    assert.deepEqual(
      byNumber(messages).map((reply) =>
        'answer' in reply ? [reply.n, reply.answer.status] : [reply.n, reply.error.code],
      ),
      [
        [1, 200],
        [2, 'UND_ERR_CLOSED'],
      ],
    );
  });

  it('on destroy fails the calls in flight, their failures posted before it says it was destroyed', async (t) => {
    const up = await service(t);
    const { send, received } = thread(t, up.url);
    const arrived = up.arrived();
    send({ type: 'calls', calls: [{ n: 4, path: '/v1/orders', body: 'hold' }] });
    await arrived;
    send({ type: 'destroy' });
    const [failures, end] = await received((m) => m.some((message) => typeof message === 'string'));
    assert.ok(Array.isArray(failures));
    assert.deepEqual(
      failures.map((reply) => ('error' in reply ? [reply.n, reply.error.code] : [reply.n, 'answered'])),
      [[4, 'UND_ERR_DESTROYED']],
    );
    assert.equal(end, 'destroy');
  });
});
