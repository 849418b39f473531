import type { Cluster, Redis } from 'ioredis';

/** Clients the relay is closing itself: their end is meant. */
const closing = new WeakSet<Redis | Cluster>();

/** How long an ended client waits before it connects again. */
const RECONNECT_AFTER_MS = 200;

/** Marks `redis` as closed by the relay, before its `quit()` or `disconnect()`: it stays ended. */
export function markClosing(redis: Redis | Cluster): void {
  closing.add(redis);
}

/**
 * ioredis (6.0) can end a sentinel client for good in a failover: when the failover detector,
 * on the sentinels' `+switch-master`, disconnects the connector while the client is asking a
 * sentinel for the primary, the connector throws "Connection is closed.", and the client's
 * status becomes `end`, with no retry. The relay then answered 503 for a whole minute after a
 * failover in CI (stop 44, Nodes 22 and 24); test/integration/redis-sentinel-client.test.ts replays the race.
 * A client that ends without the relay closing it connects again.
 */
export function reconnectWhenEnded(redis: Redis): Redis {
  redis.on('end', () => {
    if (closing.has(redis)) return;
    const again = setTimeout(() => {
      if (!closing.has(redis) && redis.status === 'end') redis.connect().catch(() => undefined);
    }, RECONNECT_AFTER_MS);
    // A CLI command that has finished must not wait for it.
    again.unref();
  });
  return redis;
}
