/**
 * A delivering relay on a thread of its own (`stalling-relay.ts` starts it): once its first call's
 * answer has arrived, its event loop stalls (`Atomics.wait`) until the test lets it go, as a long
 * garbage collection or a starved CPU stalls a relay, so its lease runs out while the call is out.
 * The test's own thread (Redis's client, the service's stand-in, another relay) goes on meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Redis } from 'ioredis';
import pino from 'pino';
import { DeliveryWorker } from '../../relay/delivery/delivery-worker.js';
import { UpstreamClient } from '../../relay/delivery/upstream-client.js';
import { RedisOutbox } from '../../relay/outbox/redis-outbox.js';
import { RecordEvents } from '../../relay/pipeline/record-events.js';
import type { StallingRelayData, StallingRelayMessage } from './stalling-relay.js';

const port = parentPort;
if (!port) throw new Error('stalling-relay-thread.ts runs as a worker thread (stalling-relay.ts starts it)');
const tell = (message: StallingRelayMessage) => port.postMessage(message);
const { redisUrl, serviceUrl, token, leaseMs, gate } = workerData as StallingRelayData;
const stall = new Int32Array(gate);

const redis = new Redis(redisUrl);
const upstream = new UpstreamClient({
  baseUrl: serviceUrl,
  token,
  deliveryConcurrency: 1,
  deliveryTimeoutMs: leaseMs / 3,
});
const post = upstream.post.bind(upstream);
upstream.post = async (path, body) => {
  const answer = await post(path, body);
  tell({ type: 'stalled' });
  // Returns at once once the gate is open: only the first answer stalls the loop.
  Atomics.wait(stall, 0, 0);
  return answer;
};
const events = new RecordEvents();
events.subscribe(({ state, key }) => tell({ type: 'step', state, key }));
const worker = new DeliveryWorker({
  outbox: new RedisOutbox({ redis, claimIdleMs: leaseMs }),
  client: upstream,
  logger: pino({ level: 'warn' }, { write: (line: string) => tell({ type: 'log', line }) }),
  events,
  deliveryConcurrency: 1,
});
worker.start();

port.on('message', (message: 'stop') => {
  if (message !== 'stop') return;
  void worker
    .stop(0)
    .then(() => upstream.destroy())
    .finally(() => {
      redis.disconnect();
      port.close();
    });
});
