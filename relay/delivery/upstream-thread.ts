/**
 * The delivery calls' own thread: an `UpstreamClient` whose HTTP work (undici's request building,
 * parsing and socket writes, ~90 µs a call) no longer shares the event loop with `/collect`.
 * Calls arrive and answers leave in batches, one message per loop turn each way.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { UpstreamClient, type UpstreamClientOptions } from './upstream-client.js';
import type { ThreadAnswer, ThreadRequest } from './upstream-thread-protocol.js';

const port = parentPort;
if (!port) throw new Error('upstream-thread.ts runs as a worker thread (ThreadedUpstreamClient starts it)');
const client = new UpstreamClient(workerData as UpstreamClientOptions);
let answers: ThreadAnswer[] = [];

function answer(reply: ThreadAnswer): void {
  if (answers.length === 0) setImmediate(flush);
  answers.push(reply);
}

function flush(): void {
  const batch = answers;
  answers = [];
  port?.postMessage(batch);
}

async function call(n: number, path: Parameters<UpstreamClient['post']>[0], body: string): Promise<void> {
  try {
    answer({ n, answer: await client.post(path, body) });
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    answer({ n, error: { code: typeof code === 'string' ? code : '', message: String(message ?? error) } });
  }
}

port.on('message', (request: ThreadRequest) => {
  if (request.type === 'calls') for (const { n, path, body } of request.calls) void call(n, path, body);
  else
    void (request.type === 'close' ? client.close() : client.destroy()).finally(() => {
      // Answers still waiting for their turn go first: the end's message lets the thread be terminated.
      if (answers.length > 0) flush();
      port.postMessage(request.type);
    });
});
