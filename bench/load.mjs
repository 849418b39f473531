// Load generator, in its own process: POSTs for `seconds` with `connections`, each event a new
// event_id (the relay de-duplicates repeats, which would flatter it), random like the snippet's
// (20 characters of base64url): counted ids would reach a B-tree in order, which flatters a store
// keyed by the id and not one keyed by its hash; with `rate`, at that many
// requests per second in all (a fixed rate, for the sustained-rate row). Mode `listing` posts a
// category page's view (one event of 48 products) instead. Prints one JSON line.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

const [url, mode = 'collect', batch = '1', seconds = '5', connections = '50', rate] = process.argv.slice(2);
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let n = 0;
const now = () => `${new Date().toISOString().slice(0, 19).replace('T', ' ')}+00:00`;
const visitor = () => `bench-user-${++n % 5000}`;
const event = (userId = visitor()) => ({
  event_name: 'Added To Cart',
  event: { product_id: 501, price: 19.9, currency: 'EUR', quantity: 1 },
  event_id: randomBytes(15).toString('base64url'),
  user_id: userId,
  datetime: now(),
});
const serviceEvent = () => {
  const { event_id: _id, ...rest } = event();
  return rest;
};

/** A category page's view as the snippet's `viewList` sends it: one event of 48 products, their links included. */
const listingEvent = () => ({
  event_name: 'viewList',
  helper: 1,
  event: {
    list_id: 'category-12',
    list_name: 'Tea & Coffee',
    products: Array.from({ length: 48 }, (_, i) => ({
      product_id: 1000 + i,
      position: 17 + i,
      name: `Loose leaf tea no. ${i + 1}`,
      price: 4.5 + i,
      currency: 'EUR',
      url: `https://shop.example/product/loose-leaf-tea-${i + 1}/`,
    })),
  },
  event_id: randomBytes(15).toString('base64url'),
  user_id: visitor(),
  datetime: now(),
});
const BODIES = {
  service: () => JSON.stringify(serviceEvent()),
  listing: () => JSON.stringify({ events: [listingEvent()] }),
  // One browser's batch: one visitor, as the relay refuses a batch's events beyond the visitors a
  // browser could be.
  collect: () => {
    const userId = visitor();
    return JSON.stringify({ events: Array.from({ length: Number(batch) }, () => event(userId)) });
  },
};
const body = BODIES[mode];
const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  ...(rate ? { overallRate: Number(rate) } : {}),
  requests: [
    {
      method: 'POST',
      headers: {
        'content-type': mode === 'service' ? 'application/json' : 'text/plain;charset=UTF-8',
        'user-agent': UA,
      },
      setupRequest: (request) => ({ ...request, body: body() }),
    },
  ],
});
console.log(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
