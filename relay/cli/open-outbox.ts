import { Option, type Command } from 'commander';
import type { Outbox } from '../outbox/outbox.js';
import { openOutbox } from '../outbox/create-outbox.js';
import { connectRedis } from '../redis/redis-connection.js';
import { StorageError } from '../shared/storage-error.js';

/** Where `shopbeacon outbox …` finds the outbox: the same settings as the relay's. */
export interface OutboxLocation {
  dataDir: string;
  outbox: 'sqlite' | 'redis';
  redisUrl?: string;
}

/** `--data-dir`, `--outbox`, `--redis-url`, read from the relay's environment variables too. */
export function addOutboxLocation(command: Command): Command {
  return command
    .addOption(new Option('--data-dir <path>', 'folder of the SQLite outbox').env('SHOPBEACON_DATA_DIR').default('./.shopbeacon'))
    .addOption(new Option('--outbox <backend>', 'the relay\'s outbox').env('SHOPBEACON_OUTBOX').choices(['sqlite', 'redis']).default('sqlite'))
    .addOption(new Option('--redis-url <url>', 'Redis of the Streams outbox').env('SHOPBEACON_REDIS_URL'));
}

function fail(message: string): never {
  process.stderr.write(`shopbeacon outbox: ${message}\n`);
  process.exit(1);
}

/** Opens the outbox the relay uses, runs `use`, closes it; a Redis that does not answer is a message, not a stack trace. */
export async function withOutbox<T>(location: OutboxLocation, use: (outbox: Outbox) => T | Promise<T>): Promise<T> {
  if (location.outbox !== 'redis') {
    const outbox = openOutbox({ outbox: 'sqlite', dataDir: location.dataDir });
    try {
      return await use(outbox);
    } finally {
      await outbox.close();
    }
  }
  if (!location.redisUrl) fail('--redis-url (SHOPBEACON_REDIS_URL) is required with --outbox redis');
  const redis = connectRedis(location.redisUrl);
  redis.on('error', () => undefined);
  try {
    return await use(openOutbox({ outbox: 'redis', dataDir: location.dataDir, redis }));
  } catch (error) {
    if ((error instanceof StorageError && error.code === 'shared_state_unavailable') || redis.status !== 'ready') fail('Redis (--redis-url) does not answer; is it running?');
    throw error;
  } finally {
    redis.disconnect();
  }
}
