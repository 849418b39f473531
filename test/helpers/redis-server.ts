import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free loopback port, asked of the OS. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Why Debian's redis-server cannot be used here, if it cannot (`.ci/run` installs it). */
export function redisUnavailableReason(): string | undefined {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'redis-server is not installed (apt-get install redis-server; .ci/run does it)';
  }
}

/** A real redis-server on a loopback port, in memory only unless `args` turn persistence on; `stop()` and `start()` again on the same port and directory. */
export class RedisServer {
  port = 0;
  /** What the server printed, across its starts: read when a test fails. */
  log = '';
  private child: ChildProcess | undefined;
  /** Kept across `stop()` and `start()`: a server started again finds what it had persisted. */
  private dir: string | undefined;

  /** `args`: more redis-server options, e.g. `['--replicaof', '127.0.0.1', '6379']`. */
  constructor(private readonly args: string[] = []) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.port ||= await freePort();
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        (this.dir ??= mkdtempSync(join(tmpdir(), 'sb-redis-'))),
        ...this.args,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        this.log += chunk.toString();
        if (/Ready to accept connections/.test(out)) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
    });
    return this;
  }

  stop(): Promise<void> {
    return stopChild(this.child, 'SIGKILL');
  }

  /** SIGSTOP: the server holds its connections and answers nothing, as a stalled host. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }
}

/** Signals a child process that is still running and resolves once it exited. */
export async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}
