// What bench/growth.mjs draws its figures with, fills its outboxes with and opens its connections
// with, beside its rows.
import { Buffer } from 'node:buffer';
import { connect } from 'node:net';
import { Redis } from 'ioredis';
import { openOutbox } from '../dist/relay/outbox/create-outbox.js';
import { svgCharts } from './svg-chart.mjs';

/** `n` events put straight into the outbox the relay will open, through the relay's own factory. */
export async function prefill(backend, n) {
  const redis = backend.redisUrl ? new Redis(backend.redisUrl) : undefined;
  const outbox = openOutbox({
    outbox: backend.redisUrl ? 'redis' : 'sqlite',
    dataDir: backend.dataDir,
    redis,
    outboxMaxRecords: 10_000_000,
    outboxMaxBytes: 10 * 2 ** 30,
  });
  const datetime = `${new Date().toISOString().slice(0, 19).replace('T', ' ')}+00:00`;
  for (let i = 0; i < n; i += 1000) {
    const records = Array.from({ length: Math.min(1000, n - i) }, (_, j) => ({
      kind: 'event',
      key: `pre-${i + j}`,
      body: {
        user_id: `u${(i + j) % 5000}`,
        event_name: 'Added To Cart',
        event: { product_id: 501, price: 19.9, currency: 'EUR', quantity: 1 },
        datetime,
      },
    }));
    await outbox.enqueue(records);
  }
  await outbox.close();
  redis?.disconnect();
}

/** The growth charts (bench/results/growth.svg) of the rows that ran. */
export function charts(results) {
  const panels = [];
  if (results.backlog) {
    const series = (backend, field) => ({
      name: `${backend} ${field === 'ingestRps' ? 'ingest' : 'delivery'}`,
      points: results.backlog
        .filter((r) => r.backend === backend)
        .map((r) => ({ x: Math.max(r.queued, 1000), y: r[field] })),
    });
    panels.push({
      title: 'records already queued (0 drawn at 1,000)',
      x: { label: 'records queued', log: true },
      y: { label: 'requests or records / s' },
      series: ['sqlite', 'redis'].flatMap((b) => [series(b, 'ingestRps'), series(b, 'deliveryRps')]),
    });
  }
  if (results.import)
    panels.push({
      title: 'import of order rows',
      x: { label: 'rows', log: true },
      y: { label: 'orders/s · peak RSS MB' },
      series: [
        { name: 'orders/s', points: results.import.map((r) => ({ x: r.rows, y: r.ordersPerSecond })) },
        { name: 'peak RSS MB', points: results.import.map((r) => ({ x: r.rows, y: r.peakMb })) },
      ],
    });
  if (results.sweep)
    panels.push({
      title: "the sync's first sweep",
      x: { label: 'orders', log: true },
      y: { label: 'orders/s · peak RSS MB' },
      series: [
        { name: 'orders/s', points: results.sweep.map((r) => ({ x: r.orders, y: r.rate })) },
        { name: 'peak RSS MB', points: results.sweep.map((r) => ({ x: r.orders, y: r.peakRssMb })) },
      ],
    });
  if (results.connections)
    panels.push({
      title: 'keep-alive connections open on /collect',
      x: { label: 'connections', log: true },
      y: { label: 'MB · ms' },
      series: [
        { name: 'RSS MB', points: results.connections.map((r) => ({ x: r.connections, y: r.rssMb })) },
        { name: 'probe p99 ms', points: results.connections.map((r) => ({ x: r.connections, y: r.probeP99 })) },
      ],
    });
  return svgCharts(panels);
}

/** `n` connections to the relay, each having sent one `/collect` and kept alive, resolved once all answered. */
export async function openConnections(url, n) {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({
    events: [{ event_name: 'Added To Cart', event: { product_id: 1, quantity: 1 }, user_id: 'keepalive' }],
  });
  const request = `POST /collect HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: text/plain\r\nUser-Agent: Mozilla/5.0 Chrome/131.0 Safari/537.36\r\nConnection: keep-alive\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  const sockets = [];
  for (let i = 0; i < n; i += 250) {
    await Promise.all(
      Array.from(
        { length: Math.min(250, n - i) },
        () =>
          new Promise((resolve, reject) => {
            const socket = connect(Number(port), hostname, () => socket.write(request));
            socket.once('data', () => resolve());
            socket.once('error', reject);
            sockets.push(socket);
          }),
      ),
    );
  }
  return sockets;
}
