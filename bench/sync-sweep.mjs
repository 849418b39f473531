// The sync's first sweep (the history) of a WooCommerce shop: orders/s from a local stand-in of its
// REST API through a relay process to the mock service, and the relay's peak RSS.
// Usage: node bench/sync-sweep.mjs [orders ...] (default 10000 100000). One JSON line per size:
// { orders, seconds, rate, peakRssMb }.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startListening } from './processes.mjs';

const KEY = 'ck_bench';
const SECRET = 'cs_bench';
const template = JSON.parse(
  readFileSync(new URL('../test/connectors/woocommerce/fixtures/order-variation.json', import.meta.url), 'utf8'),
);

/** Order `i` of `n`, modified a minute apart up to now: made on demand, so the stand-in holds no list. */
function order(i, n) {
  const at = new Date(Date.now() - (n - i) * 60_000).toISOString().slice(0, 19);
  return {
    ...template,
    id: 1001 + i,
    number: String(1001 + i),
    date_created_gmt: at,
    date_modified_gmt: at,
    date_completed_gmt: null,
  };
}

/** `/wp-json/wc/v3/orders?modified_after=…&per_page=…&page=…` over `n` orders, by binary search on the time. */
function standIn(n) {
  const first = Date.now() - n * 60_000;
  return createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const rows = [];
    if (url.pathname.endsWith('/orders')) {
      const after = Date.parse(`${url.searchParams.get('modified_after')}Z`);
      const start = Math.max(0, Math.floor((after - first) / 60_000) + 1);
      const perPage = Number(url.searchParams.get('per_page'));
      const offset = start + (Number(url.searchParams.get('page')) - 1) * perPage;
      for (let i = offset; i < Math.min(n, offset + perPage); i++) rows.push(order(i, n));
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows));
  });
}

async function sweep(n) {
  const children = [];
  const shop = standIn(n).listen(0, '127.0.0.1');
  await new Promise((resolve) => shop.once('listening', resolve));
  const shopUrl = `http://127.0.0.1:${shop.address().port}`;
  try {
    const mock = await startListening(children, [
      'bin/shopbeacon.js',
      'mock-upstream',
      '--port',
      '0',
      '--token',
      'dev-token',
    ]);
    const started = performance.now();
    const relay = await startListening(children, ['bin/shopbeacon.js', 'relay', '--port', '0'], {
      SHOPBEACON_BASE_URL: mock,
      SHOPBEACON_TOKEN: 'dev-token',
      SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-sweep-')),
      SHOPBEACON_LOG_LEVEL: 'warn',
      SHOPBEACON_WOOCOMMERCE_URL: shopUrl,
      SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY: KEY,
      SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET: SECRET,
      SHOPBEACON_SHOP_CURRENCY: 'EUR',
      SHOPBEACON_SYNC_INTERVAL: '1h',
    });
    const relayPid = children[1].pid;
    let peakRss = 0;
    for (;;) {
      const status = readFileSync(`/proc/${relayPid}/status`, 'utf8');
      peakRss = Math.max(peakRss, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
      const stats = await (await fetch(`${mock}/_mock/stats`)).json();
      if (stats.orders >= n) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (performance.now() - started) / 1000;
    void relay;
    return {
      orders: n,
      seconds: Number(seconds.toFixed(1)),
      rate: Math.round(n / seconds),
      peakRssMb: Math.round(peakRss),
    };
  } finally {
    for (const child of children) child.kill('SIGKILL');
    shop.close();
  }
}

const sizes = process.argv.slice(2).map(Number);
for (const n of sizes.length > 0 ? sizes : [10_000, 100_000]) console.log(JSON.stringify(await sweep(n)));
