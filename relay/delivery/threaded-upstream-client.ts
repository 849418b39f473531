import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ServicePath } from '../contract/kinds.js';
import {
  upstreamOptionsOf,
  type Upstream,
  type UpstreamAnswer,
  type UpstreamClientOptions,
} from './upstream-client.js';
import type { ThreadAnswer, ThreadRequest } from './upstream-thread-protocol.js';

type Call = { n: number; path: ServicePath; body: string };
type Waiter = { resolve: (answer: UpstreamAnswer) => void; reject: (error: Error) => void };

/**
 * Where the thread's module is: beside this one (the sources under tsx, `dist/relay/`), or under
 * `relay/delivery/` next to the CLI's one-file bundle (`dist/cli.js`).
 */
function threadModule(): URL {
  const candidates = ['./upstream-thread.js', './upstream-thread.ts', './relay/delivery/upstream-thread.js'].map(
    (path) => new URL(path, import.meta.url),
  );
  const found = candidates.find((url) => existsSync(fileURLToPath(url)));
  if (!found)
    throw new Error(
      `the delivery thread's module is missing (looked for ${candidates.map(String).join(', ')}): build the relay again`,
    );
  return found;
}

/**
 * The thread; from the sources (under tsx), loaded through tsx's API: Node 20's workers do not get
 * the hooks `--import tsx` gave the process.
 */
function startThread(module: URL, options: UpstreamClientOptions): Worker {
  // None of the process's flags: some are refused in a worker (`--input-type`), none is needed there.
  const settings = { workerData: upstreamOptionsOf(options), execArgv: [] };
  if (!module.pathname.endsWith('.ts')) return new Worker(module, settings);
  const href = JSON.stringify(module.href);
  return new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${href}, ${href}))`, {
    ...settings,
    eval: true,
  });
}

/** An error as undici would have thrown it: `classifyError` reads its code (a reset is ambiguous, a refusal is not). */
function failure(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * The service client on its own thread (`upstream-thread.ts`): the same `post`, `close` and
 * `destroy` as `UpstreamClient`, with the HTTP work off the loop that answers `/collect`. A turn's
 * calls go over in one message; a thread that dies fails its calls as a reset would (the service
 * may have them) and the next call starts another.
 */
export class ThreadedUpstreamClient implements Upstream {
  private thread: Worker | undefined;
  private readonly waiting = new Map<number, Waiter>();
  private outgoing: Call[] = [];
  private next = 1;
  private ending: Promise<void> | undefined;

  constructor(private readonly options: UpstreamClientOptions) {}

  post(path: ServicePath, body: string): Promise<UpstreamAnswer> {
    if (this.ending) return Promise.reject(failure('UND_ERR_DESTROYED', 'the service client was closed'));
    const n = this.next++;
    if (this.outgoing.length === 0) queueMicrotask(() => this.send());
    this.outgoing.push({ n, path, body });
    return new Promise((resolve, reject) => this.waiting.set(n, { resolve, reject }));
  }

  /** Waits for calls in flight, then ends the thread. */
  close(): Promise<void> {
    return this.end('close');
  }

  /** Ends every connection now: calls in flight fail (their records stay queued). */
  destroy(): Promise<void> {
    return this.end('destroy');
  }

  private send(): void {
    const calls = this.outgoing;
    this.outgoing = [];
    if (calls.length === 0) return;
    let thread: Worker;
    try {
      thread = this.started();
    } catch (error) {
      // Nothing was sent: the calls fail as a refused connection would, and delivery retries them.
      return this.answered(
        calls.map(({ n }) => ({ n, error: { code: 'ERR_WORKER_INIT_FAILED', message: (error as Error).message } })),
      );
    }
    thread.ref();
    thread.postMessage({ type: 'calls', calls } satisfies ThreadRequest);
  }

  private started(): Worker {
    if (this.thread) return this.thread;
    const thread = startThread(threadModule(), this.options);
    thread.on(
      'message',
      (message: ThreadAnswer[] | 'close' | 'destroy') => Array.isArray(message) && this.answered(message),
    );
    thread.on('error', (error) => this.lost(thread, error.message));
    thread.on('exit', (code) => this.lost(thread, `the delivery thread exited (code ${code})`));
    this.thread = thread;
    return thread;
  }

  private answered(batch: ThreadAnswer[]): void {
    for (const reply of batch) {
      const waiter = this.waiting.get(reply.n);
      this.waiting.delete(reply.n);
      if ('answer' in reply) waiter?.resolve(reply.answer);
      else waiter?.reject(failure(reply.error.code, reply.error.message));
    }
    // An idle thread keeps no process alive (an import that never closes its client still ends).
    if (this.waiting.size === 0 && !this.ending) this.thread?.unref();
  }

  /** The thread is gone: what it had may have reached the service, so each call fails as a reset. */
  private lost(thread: Worker, why: string): void {
    if (this.thread !== thread) return;
    this.thread = undefined;
    for (const waiter of this.waiting.values()) waiter.reject(failure('ECONNRESET', why));
    this.waiting.clear();
  }

  private end(how: 'close' | 'destroy'): Promise<void> {
    if (this.ending) return how === 'destroy' ? this.forceEnd() : this.ending;
    this.send();
    const thread = this.thread;
    this.ending = thread ? this.askThread(thread, how) : Promise.resolve();
    return this.ending;
  }

  /** `destroy` during a `close` that waits for calls: the thread ends now. */
  private async forceEnd(): Promise<void> {
    const thread = this.thread;
    if (thread) thread.postMessage({ type: 'destroy' } satisfies ThreadRequest);
    await this.ending;
  }

  private async askThread(thread: Worker, how: 'close' | 'destroy'): Promise<void> {
    const done = new Promise<void>((resolve) => {
      thread.on('message', (message) => message === how && resolve());
      thread.once('exit', () => resolve());
    });
    // Referenced while it ends: an idle thread is not, and a process awaiting only this would exit.
    thread.ref();
    thread.postMessage({ type: how } satisfies ThreadRequest);
    await done;
    await thread.terminate();
  }
}
