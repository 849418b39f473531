// `npm run bench:dedupe-redis [ids] [id length]`: Redis memory per remembered id, the
// relay's slices (EventIdRegistry: 65,536 small hashes a slice) against a key per id with a TTL
// (`SET key 1 NX EX 86400`, the layout before them), each in a fresh redis-server from Debian:
// `INFO memory`'s used_memory after the ids less before, divided by the ids; and each bucket's
// encoding (a listpack while small); written to bench/results/dedupe-latest.json (`redis`) and the
// paragraphs that state them.
import { Redis } from 'ioredis';
import { nanoid } from 'nanoid';
import { EventIdRegistry } from '../dist/relay/redis/event-id-registry.js';
import { RedisTurnBatch } from '../dist/relay/redis/turn-batch.js';
import { startRedisServer } from './processes.mjs';
import { writeResults } from './results-file.mjs';
import { writeDocFigures } from './results-table.mjs';
import { fmt } from './spread.mjs';

const N = Number(process.argv[2] ?? 1_000_000);
const LENGTH = Number(process.argv[3] ?? 20);

async function withRedis(use) {
  const children = [];
  const url = await startRedisServer(children, { aof: false, prefix: 'sb-bench-dedupe-redis-' });
  if (!url) throw new Error('bench:dedupe-redis needs redis-server (Debian: apt-get install redis-server)');
  const redis = new Redis(url);
  try {
    return await use(redis);
  } finally {
    redis.disconnect();
    for (const child of children) child.kill('SIGKILL');
  }
}

const usedMemory = async (redis) => Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1]);

async function perId(claim) {
  return withRedis(async (redis) => {
    await claim(redis, ['warm-up']);
    const before = await usedMemory(redis);
    for (let i = 0; i < N; i += 10_000)
      await claim(
        redis,
        Array.from({ length: Math.min(10_000, N - i) }, () => nanoid(LENGTH)),
      );
    const bytes = (await usedMemory(redis)) - before;
    const sample = (await redis.scan('0', 'MATCH', 'shopbeacon:ids:*', 'COUNT', 1000))[1].slice(0, 50);
    const encodings = new Set(await Promise.all(sample.map((key) => redis.object('ENCODING', key))));
    return { bytes: bytes / N, encodings: [...encodings].join(', ') || 'string keys' };
  });
}

const keyPerId = (redis, ids) => {
  const pipeline = redis.pipeline();
  for (const id of ids) pipeline.set(`shopbeacon:seen:${id}`, '1', 'NX', 'EX', 86_400);
  return pipeline.exec();
};
const registries = new WeakMap();
const slices = (redis, ids) => {
  if (!registries.has(redis)) registries.set(redis, new EventIdRegistry(redis, new RedisTurnBatch(redis)));
  return registries.get(redis).claim(ids);
};

console.log(
  `${fmt(N)} ids of ${LENGTH} characters in one slice\n\n| layout | bytes of Redis memory per id | encoding |\n|---|---|---|`,
);
const layouts = {};
for (const [layout, name, claim] of [
  ['keyPerId', 'a key per id, SET NX EX (before the slices)', keyPerId],
  ['slices', 'slices: 65,536 hashes of 14-byte fields (EventIdRegistry)', slices],
]) {
  const { bytes, encodings } = await perId(claim);
  layouts[layout] = { bytesPerId: +bytes.toFixed(1), encodings };
  console.log(`| ${name} | ${bytes.toFixed(1)} | ${encodings} |`);
}
writeResults('dedupe', { redis: { ids: N, idLength: LENGTH, ...layouts } });
writeDocFigures();
