import { Worker } from 'node:worker_threads';

/** What the relay's thread is started with: the gate is the one Int32 its loop waits on. */
export interface StallingRelayData {
  redisUrl: string;
  serviceUrl: string;
  token: string;
  leaseMs: number;
  gate: SharedArrayBuffer;
}

/** What the thread tells: its loop stalls now, a record's step, a log line (pino's JSON). */
export type StallingRelayMessage =
  { type: 'stalled' } | { type: 'step'; state: string; key: string | undefined } | { type: 'log'; line: string };

const MODULE = new URL('./stalling-relay-thread.ts', import.meta.url).href;

/**
 * A relay delivering from the Streams outbox on its own thread, whose event loop stalls once its
 * first call has been answered, until `release` (`stalling-relay-thread.ts`).
 */
export class StallingRelay {
  private readonly gate = new SharedArrayBuffer(4);
  private readonly thread: Worker;
  private readonly messages: StallingRelayMessage[] = [];
  private readonly waiting: (() => void)[] = [];
  private failure: Error | undefined;
  private readonly exited: Promise<unknown>;

  constructor(options: Omit<StallingRelayData, 'gate'>) {
    // Loaded through tsx's API: Node 20's workers do not get the hooks `--import tsx` gave the process.
    this.thread = new Worker(
      `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(MODULE)}, ${JSON.stringify(MODULE)}))`,
      {
        eval: true,
        execArgv: [],
        workerData: { ...options, gate: this.gate } satisfies StallingRelayData,
      },
    );
    this.exited = new Promise((resolve) => this.thread.once('exit', resolve));
    this.thread.on('message', (message: StallingRelayMessage) => {
      this.messages.push(message);
      this.waiting.splice(0).forEach((wake) => wake());
    });
    this.thread.on('error', (error) => {
      this.failure = error;
      this.waiting.splice(0).forEach((wake) => wake());
    });
  }

  /** Resolves once the thread has told what `enough` waits for. */
  async told(enough: (messages: StallingRelayMessage[]) => boolean): Promise<void> {
    while (!enough(this.messages)) {
      if (this.failure) throw this.failure;
      await new Promise<void>((wake) => this.waiting.push(wake));
    }
  }

  /** Resolves once its loop has stalled, its call answered but not yet settled. */
  stalled(): Promise<void> {
    return this.told((messages) => messages.some((message) => message.type === 'stalled'));
  }

  /** Resolves once it has announced `state` for the record `key`. */
  announced(state: string, key: string): Promise<void> {
    return this.told((messages) => messages.some((m) => m.type === 'step' && m.state === state && m.key === key));
  }

  /** The records it logged as having lost their lease while their calls were out. */
  lost(): string[] {
    return this.messages.flatMap((message) =>
      message.type === 'log' ? ((JSON.parse(message.line) as { lost?: string[] }).lost ?? []) : [],
    );
  }

  /** Lets its loop go on. */
  release(): void {
    const gate = new Int32Array(this.gate);
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
  }

  /** Stops its delivery and ends the thread. */
  async stop(): Promise<void> {
    this.release();
    this.thread.postMessage('stop');
    await this.exited;
  }
}
