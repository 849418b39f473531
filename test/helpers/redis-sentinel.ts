import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { RedisServer, freePort, stopChild } from './redis-server.js';

export const SENTINEL_NAME = 'sbprimary';
/** Written and deleted on the primary to see a write reach the replica; no relay key. */
const PROBE_KEY = 'test:replica-probe';
/**
 * With the AOF README asks for; a full sync starts at once (Redis 7 waits 5 s by default for more
 * replicas to share a diskless transfer: 5 s of every start here, and of every rejoin after a failover).
 */
const PERSISTED = ['--appendonly', 'yes', '--appendfsync', 'everysec', '--repl-diskless-sync-delay', '0'];

/**
 * One `redis-server --sentinel` watching the primary: down after 1 s, quorum 2 of 3. It is told the
 * replica and the other sentinels in its file (`known-replica`, `known-sentinel`, as Sentinel
 * itself writes them when it rewrites its config) instead of learning them from the primary's
 * INFO every 10 s and its hello channel every 2 s: ~7 s per replica set, four times a run.
 */
class Sentinel {
  port = 0;
  readonly id = randomBytes(20).toString('hex');
  /** What it printed: its events (`+sdown`, `+switch-master`, `+convert-to-slave`), read when a test fails. */
  log = '';
  private child: ChildProcess | undefined;

  async reservePort(): Promise<this> {
    this.port = await freePort();
    return this;
  }

  async start(primaryPort: number, replicaPort: number, peers: Sentinel[]): Promise<this> {
    const conf = join(mkdtempSync(join(tmpdir(), 'sb-sentinel-')), 'sentinel.conf');
    writeFileSync(
      conf,
      [
        `port ${this.port}`,
        'bind 127.0.0.1',
        `sentinel myid ${this.id}`,
        `sentinel monitor ${SENTINEL_NAME} 127.0.0.1 ${primaryPort} 2`,
        `sentinel known-replica ${SENTINEL_NAME} 127.0.0.1 ${replicaPort}`,
        ...peers
          .filter((peer) => peer !== this)
          .map((peer) => `sentinel known-sentinel ${SENTINEL_NAME} 127.0.0.1 ${peer.port} ${peer.id}`),
        `sentinel down-after-milliseconds ${SENTINEL_NAME} 1000`,
        `sentinel failover-timeout ${SENTINEL_NAME} 10000`,
        `sentinel parallel-syncs ${SENTINEL_NAME} 1`,
        '',
      ].join('\n'),
    );
    const child = spawn('redis-server', [conf, '--sentinel'], { stdio: ['ignore', 'pipe', 'inherit'] });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        this.log += chunk.toString();
        if (/\+monitor master/.test(this.log)) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis sentinel exited with ${code}: ${this.log}`)));
    });
    return this;
  }

  stop(): Promise<void> {
    return stopChild(this.child, 'SIGKILL');
  }

  /** SIGSTOP: it holds its connections and answers nothing. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }
}

/**
 * A Redis primary, one replica and three sentinels on loopback, real processes from Debian's
 * redis-server: what `SHOPBEACON_REDIS_SENTINELS` is for.
 */
export class RedisReplicaSet {
  /**
   * With its AOF, as README asks: a primary that restarts empty while the sentinels still count it
   * as the primary wipes the replica that syncs from it (Redis's replication docs, "Safety of
   * replication when master has persistence turned off"); a clean-clone CI run here lost 2,994 acknowledged records so.
   */
  primary = new RedisServer(PERSISTED);
  replica!: RedisServer;
  sentinels: Sentinel[] = [];

  async start(): Promise<this> {
    await this.primary.start();
    this.replica = await new RedisServer([...PERSISTED, '--replicaof', '127.0.0.1', String(this.primary.port)]).start();
    await this.until(
      async (redis) => /master_link_status:up/.test(await redis.info('replication')),
      this.replica.port,
      'the replica in sync',
    );
    // Up, the link may not carry writes yet: after a diskless sync the primary streams them only
    // once the replica's first REPLCONF ACK comes, up to a second later. A test that had killed
    // the primary within that second (3,000 events take ~250 ms without WAIT) lost all of them.
    await this.until(
      async (redis) => {
        await redis.multi().set(PROBE_KEY, '1').del(PROBE_KEY).exec();
        return Number(await redis.call('WAIT', 1, 100)) === 1;
      },
      this.primary.port,
      'the replica to receive writes',
    );
    const sentinels = await Promise.all([0, 1, 2].map(() => new Sentinel().reservePort()));
    this.sentinels = await Promise.all(sentinels.map((s) => s.start(this.primary.port, this.replica.port, sentinels)));
    // Each sentinel must know the replica and the other two before a quorum can elect a leader and promote it.
    for (const sentinel of this.sentinels) {
      await this.until(
        async (redis) => ((await redis.call('SENTINEL', 'REPLICAS', SENTINEL_NAME)) as unknown[]).length === 1,
        sentinel.port,
        'the sentinels to see the replica',
      );
      await this.until(
        async (redis) => ((await redis.call('SENTINEL', 'SENTINELS', SENTINEL_NAME)) as unknown[]).length === 2,
        sentinel.port,
        'the sentinels to see each other',
      );
    }
    return this;
  }

  /** `host:port,host:port,…` as `SHOPBEACON_REDIS_SENTINELS` takes them. */
  get sentinelList(): string {
    return this.sentinels.map((s) => `127.0.0.1:${s.port}`).join(',');
  }

  /** The primary's port as one sentinel names it now. */
  async primaryPort(sentinel = this.sentinels[0]!): Promise<number> {
    const redis = new Redis(sentinel.port, '127.0.0.1', { lazyConnect: true });
    try {
      const [, port] = (await redis.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', SENTINEL_NAME)) as [string, string];
      return Number(port);
    } finally {
      redis.disconnect();
    }
  }

  /** Resolves once every sentinel names the replica as the primary and the replica says it is one: the failover is over. */
  async failedOver(): Promise<void> {
    const deadline = Date.now() + 30_000;
    const done = async () =>
      (await Promise.all(this.sentinels.map((s) => this.primaryPort(s)))).every((port) => port === this.replica.port);
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('the sentinels did not promote the replica within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await this.until(
      async (redis) => /role:master/.test(await redis.info('replication')),
      this.replica.port,
      'the promoted replica to be a primary',
    );
  }

  /** Makes the old primary, back after a failover, a replica of the promoted one, as Sentinel would after its wait of 8 s or more. */
  async rejoinAsReplica(): Promise<void> {
    const redis = new Redis(this.primary.port, '127.0.0.1', { lazyConnect: true });
    try {
      await redis.call('REPLICAOF', '127.0.0.1', String(this.replica.port));
    } finally {
      redis.disconnect();
    }
    await this.until(
      async (redis) => /master_link_status:up/.test(await redis.info('replication')),
      this.primary.port,
      'the old primary in sync as a replica',
    );
  }

  private async until(check: (redis: Redis) => Promise<boolean>, port: number, what: string): Promise<void> {
    const redis = new Redis(port, '127.0.0.1', { lazyConnect: true });
    const deadline = Date.now() + 15_000;
    try {
      while (!(await check(redis))) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      redis.disconnect();
    }
  }

  /** The last lines each process printed, its banner left out: what a failed test shows of the set. */
  describe(lines = 12): string {
    const tail = (log: string) =>
      log
        .split('\n')
        .filter((line) => /^\d+:[MSCX] /.test(line) && !/saved on disk|overcommit/.test(line))
        .slice(-lines)
        .map((line) => `  ${line}`)
        .join('\n');
    return [
      ...this.sentinels.map((s) => `sentinel :${s.port}\n${tail(s.log)}`),
      `first primary :${this.primary.port}\n${tail(this.primary.log)}`,
      `first replica :${this.replica?.port}\n${tail(this.replica?.log ?? '')}`,
    ].join('\n');
  }

  async stop(): Promise<void> {
    await Promise.all([...this.sentinels.map((s) => s.stop()), this.primary.stop(), this.replica?.stop()]);
  }
}
