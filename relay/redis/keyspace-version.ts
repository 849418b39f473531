import type { SharedRedis } from './redis-connection.js';
import { SchemaTooNewError } from '../shared/schema-version.js';
import { REDIS_KEYS, REDIS_KEYSPACE_VERSION } from './redis-keyspace.js';

/**
 * The Redis keyspace's version, as the SQLite files' `user_version`: set when absent, and a newer
 * one than this code knows refused (a rolled-back relay must not misread or rewrite it). A Redis
 * that does not answer is not a refusal: the relay starts and answers 503 until it does.
 */
export async function checkKeyspaceVersion(redis: SharedRedis): Promise<void> {
  let found: string | null;
  try {
    await redis.set(REDIS_KEYS.version, String(REDIS_KEYSPACE_VERSION), 'NX');
    found = await redis.get(REDIS_KEYS.version);
  } catch {
    return;
  }
  const version = Number(found);
  if (Number.isInteger(version) && version > REDIS_KEYSPACE_VERSION) {
    throw new SchemaTooNewError(
      `Redis (SHOPBEACON_REDIS_URL) has keyspace version ${version}, written by a newer shopbeacon; this one knows versions up to ${REDIS_KEYSPACE_VERSION}. Nothing was changed: run the newer version`,
    );
  }
}
