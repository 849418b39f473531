import { Option, type Command } from 'commander';
import { ConfigError } from '../config/config-error.js';
import { parseSettings, requiredTogether } from '../config/parse-relay-config.js';
import type { RelayConfig } from '../config/relay-config.js';
import { SETTINGS } from '../config/settings.js';
import type { Outbox } from '../outbox/outbox.js';
import { openOutbox } from '../outbox/create-outbox.js';
import { connectRedis, redisTargetOf } from '../redis/redis-connection.js';
import { markClosing } from '../redis/ended-client.js';
import { StorageError } from '../shared/storage-error.js';

/**
 * The relay's settings that say where its outbox is, read by `shopbeacon outbox …` from the same
 * variables and flags.
 */
const LOCATION: (keyof RelayConfig)[] = [
  'dataDir',
  'outbox',
  'redisUrl',
  'redisSentinels',
  'redisSentinelName',
  'redisCluster',
  'redisGroup',
];
const LOCATION_SETTINGS = SETTINGS.filter((s) => LOCATION.includes(s.key));

/** Where `shopbeacon outbox …` finds the outbox: commander's values of the relay's own flags. */
export type OutboxLocation = Record<string, unknown>;

/**
 * `--data-dir`, `--outbox`, `--redis-url`, `--redis-sentinels`, `--redis-sentinel-name`,
 * `--redis-cluster`, `--redis-group`: the relay's rows, with its variables.
 */
export function addOutboxLocation(command: Command): Command {
  for (const setting of LOCATION_SETTINGS)
    command.addOption(new Option(`${setting.flag} <value>`, setting.help).env(setting.env));
  return command;
}

function fail(message: string): never {
  process.stderr.write(`shopbeacon outbox: ${message}\n`);
  process.exit(1);
}

/** The flags checked by the relay's own rules (a Redis URL or sentinels with `--outbox redis`). */
function locationOf(flags: OutboxLocation): RelayConfig {
  const raw = Object.fromEntries(
    LOCATION_SETTINGS.map((s) => [s.key, flags[s.key] === undefined ? undefined : String(flags[s.key])]),
  );
  try {
    return parseSettings(raw, LOCATION_SETTINGS, [requiredTogether]);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/**
 * Opens the outbox the relay uses, runs `use`, closes it; a Redis that does not answer is a
 * message, not a stack trace.
 */
export async function withOutbox<T>(flags: OutboxLocation, use: (outbox: Outbox) => T | Promise<T>): Promise<T> {
  const config = locationOf(flags);
  const target = redisTargetOf(config);
  const redis = config.outbox === 'redis' && target ? connectRedis(target) : undefined;
  redis?.on('error', () => undefined);
  const outbox = openOutbox({ outbox: config.outbox, dataDir: config.dataDir, redis });
  try {
    return await use(outbox);
  } catch (error) {
    const unreachable =
      redis &&
      ((error instanceof StorageError && error.code === 'shared_state_unavailable') || redis.status !== 'ready');
    if (unreachable) fail('Redis (SHOPBEACON_REDIS_URL or SHOPBEACON_REDIS_SENTINELS) does not answer; is it running?');
    throw error;
  } finally {
    await outbox.close();
    if (redis) markClosing(redis);
    redis?.disconnect();
  }
}
