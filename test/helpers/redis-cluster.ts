import { execFileSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { RedisServer } from './redis-server.js';

/** The relay's one hash tag (`CLUSTER_KEY_PREFIX`): every key of a relay group is in its slot. */
const TAG = '{shopbeacon}';

/**
 * A Redis Cluster of three primaries and three replicas on loopback, real processes from Debian's
 * redis-server, made by `redis-cli --cluster create`: what `SHOPBEACON_REDIS_CLUSTER` is for. A
 * node is failed after 1 s; each node keeps an AOF, so a primary that comes back rejoins with its data.
 * A full sync starts at once (Redis 7 waits 5 s by default to share a diskless transfer): 4 s of the
 * start, and the 5 s after a failover in which WAIT 1 found no replica for the promoted node.
 */
export class RedisCluster {
  nodes = Array.from(
    { length: 6 },
    () =>
      new RedisServer([
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        'nodes.conf',
        '--cluster-node-timeout',
        '1000',
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
        '--repl-diskless-sync-delay',
        '0',
      ]),
  );

  /** `host:port,…` of every node, as the setting takes it. */
  get nodeList(): string {
    return this.nodes.map((n) => `127.0.0.1:${n.port}`).join(',');
  }

  async start(): Promise<this> {
    await Promise.all(this.nodes.map((n) => n.start()));
    execFileSync(
      'redis-cli',
      [
        '--cluster',
        'create',
        ...this.nodes.map((n) => `127.0.0.1:${n.port}`),
        '--cluster-replicas',
        '1',
        '--cluster-yes',
      ],
      {
        stdio: 'ignore',
      },
    );
    await this.settled(this.nodes);
    await this.replicated();
    return this;
  }

  /** Resolves once each primary has its replica online: until then a `WAIT 1` answers 0. */
  private async replicated(timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const infos = await Promise.all(
        this.nodes.map((n) => this.ask(n, (admin) => admin.info('replication')).catch(() => '')),
      );
      const primaries = infos.filter((info) => /role:master/.test(info));
      if (primaries.length === 3 && primaries.every((info) => /slave0:.*state=online/.test(info))) return;
      if (Date.now() > until) throw new Error('the replicas did not come online');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The node that is the primary of the relay's slot now. */
  async primaryOfTheSlot(alive: RedisServer[] = this.nodes): Promise<RedisServer> {
    const port = await this.ask(alive[0] as RedisServer, async (admin) => {
      const slot = Number(await admin.call('CLUSTER', 'KEYSLOT', TAG));
      const ranges = (await admin.call('CLUSTER', 'SLOTS')) as [number, number, [string, number]][];
      const range = ranges.find(([from, to]) => from <= slot && slot <= to);
      return range?.[2][1];
    });
    const node = this.nodes.find((n) => n.port === port);
    if (!node) throw new Error(`no node is the primary of slot ${TAG}`);
    return node;
  }

  /** Resolves once a node other than `old` serves the slot and the cluster says it is ok. */
  async failedOver(old: RedisServer, timeoutMs = 30_000): Promise<void> {
    const alive = this.nodes.filter((n) => n !== old);
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const primary = await this.primaryOfTheSlot(alive).catch(() => old);
      if (primary !== old && (await this.isOk(alive))) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no replica took over the slot of ${TAG} within ${timeoutMs} ms`);
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((n) => n.stop()));
  }

  private async settled(nodes: RedisServer[], timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!(await this.isOk(nodes))) {
      if (Date.now() > until) throw new Error('the cluster did not reach cluster_state:ok');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async isOk(nodes: RedisServer[]): Promise<boolean> {
    const states = await Promise.all(
      nodes.map((n) => this.ask(n, (admin) => admin.call('CLUSTER', 'INFO')).catch(() => '')),
    );
    return states.every((info) => /cluster_state:ok/.test(String(info)));
  }

  private async ask<T>(node: RedisServer, question: (admin: Redis) => Promise<T>): Promise<T> {
    const admin = new Redis(node.port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await admin.connect();
      return await question(admin);
    } finally {
      admin.disconnect();
    }
  }
}
