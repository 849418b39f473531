import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { BATCH_MS } from '../../../snippet/batch-sender.js';
import type { ConsentState } from '../../../snippet/consent.js';
import { createIdentity } from '../../../snippet/identity.js';
import { QUEUE_KEY, createRetryQueue } from '../../../snippet/retry-queue.js';
import { createTracker } from '../../../snippet/tracker.js';
import { UNCATALOGUED_EVENT } from '../../helpers/catalogue.js';
import { FakeTransport, MemoryCookies, MemoryStore, settled, snippetEvent } from '../../helpers/snippet-fakes.js';

const PAGE = 'https://shop.example/products/tee';

function tracker(consent: ConsentState, store = new MemoryStore()) {
  const transport = new FakeTransport();
  const logged: [string, unknown][] = [];
  const cookies = new MemoryCookies();
  const t = createTracker({
    transport,
    queue: createRetryQueue(store),
    identity: createIdentity(cookies, store),
    page: () => PAGE,
    log: (message, detail) => logged.push([message, detail]),
  });
  // The state the page starts in: the ids are written and other pages' stored events sent at once.
  if (consent !== undefined) t.decide(consent);
  /** What the transport sent, by event name. */
  const names = () => transport.sent.map((batch) => batch.map((e) => e.event_name));
  return { t, transport, logged, cookies, names };
}

describe('the snippet tracker (snippet/tracker.ts), without the DOM', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it("sends a tracked event after the batch timer with the visitor's ids, a fresh event_id and the page's clock", () => {
    const { t, transport } = tracker(true);
    t.command('track', 'Newsletter Signup', { list: 'weekly' });
    assert.equal(transport.sent.length, 0);
    mock.timers.tick(BATCH_MS);
    const [event] = transport.sent[0] ?? [];
    assert.equal(event?.event_name, 'Newsletter Signup');
    assert.deepEqual(event?.event, { list: 'weekly' });
    assert.match(event?.event_id ?? '', /^[\w-]{20}$/);
    assert.match(event?.user_id ?? '', /^[\w-]{8,64}$/);
    assert.match(event?.session_id ?? '', /^[\w-]{8,64}$/);
    assert.equal(typeof event?.captured_at, 'number');
    assert.equal(event?.utc_offset, -new Date().getTimezoneOffset());
  });

  it("fills a helper's url with the page and its quantity with 1, and marks it for the relay to name and trim", () => {
    const { t, transport } = tracker(true);
    t.command('addToCart', { product_id: 7, price: 9.5 });
    t.command('viewProduct', { product_id: 7, quantity: 3, url: 'https://shop.example/p/7' });
    t.command('removeFromCart', { product_id: 7 });
    t.command('purchase', { order_id: 1, order_value: 9.5, currency: 'EUR' });
    mock.timers.tick(BATCH_MS);
    const sent = transport.sent[0] ?? [];
    assert.deepEqual(
      sent.map((e) => [e.event_name, e.event, e.helper]),
      [
        ['addToCart', { url: PAGE, quantity: 1, product_id: 7, price: 9.5 }, 1],
        ['viewProduct', { url: 'https://shop.example/p/7', quantity: 3, product_id: 7 }, 1],
        ['removeFromCart', { url: PAGE, quantity: 1, product_id: 7 }, 1],
        ['purchase', { url: PAGE, quantity: 1, order_id: 1, order_value: 9.5, currency: 'EUR' }, 1],
      ],
    );
  });

  it('refuses at the call what is no JSON object or has no name, a command without its object included, and logs why', () => {
    const { t, transport, logged } = tracker(true);
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    t.command('track', 'A', null);
    t.command('track', 'B', [1]);
    t.command('track', 'C', cycle);
    t.command('track', 'D', { big: 1n });
    t.command('track', '', {});
    t.command('addToCart', 'not an object');
    t.command('nonsense');
    mock.timers.tick(BATCH_MS);
    assert.equal(transport.sent.length, 0);
    assert.deepEqual(
      logged.map(([message]) => message),
      ['bad track', 'bad track', 'bad track', 'bad track', 'bad track', 'bad track', 'bad track'],
    );
  });

  it('holds captures until consent is given, then sends them in order; a refusal drops them and clears the queue', () => {
    const waiting = tracker(undefined);
    waiting.t.command('track', 'First', {});
    waiting.t.command('track', 'Second', {});
    mock.timers.tick(BATCH_MS);
    assert.equal(waiting.transport.sent.length, 0);
    assert.equal(waiting.t.command('ids'), undefined, 'no ids before consent');
    waiting.t.command('consent', true);
    mock.timers.tick(BATCH_MS);
    assert.deepEqual(waiting.names(), [['First', 'Second']]);

    const store = new MemoryStore();
    const refused = tracker(undefined, store);
    refused.t.command('track', 'Held', {});
    refused.t.command('consent', false);
    refused.t.command('track', 'After', {});
    mock.timers.tick(BATCH_MS);
    assert.equal(refused.transport.sent.length, 0);
    assert.equal(store.values.get(QUEUE_KEY), '');
    assert.deepEqual(
      refused.logged.map(([message, name]) => `${message} ${String(name)}`),
      ['ignored After'],
    );
  });

  it('holds at most 100 calls while waiting for consent', () => {
    const { t, transport, logged } = tracker(undefined);
    for (let i = 0; i < 101; i++) t.command('track', `E${i}`, {});
    assert.deepEqual(logged, [['ignored', 'E100']]);
    t.command('consent', true);
    mock.timers.tick(BATCH_MS);
    assert.equal(transport.sent[0]?.length, 100);
  });

  it('gives events captured before an identify the ids they were captured with, and those after the customer id', () => {
    const { t, transport, cookies } = tracker(true);
    t.command('track', 'Before', {});
    const anonymous = (t.command('ids') as { user_id: string }).user_id;
    t.command('identify', 'cust-9');
    t.command('track', 'After', {});
    t.command('identify', 'bad id;');
    mock.timers.tick(BATCH_MS);
    assert.deepEqual(
      transport.sent[0]?.map((e) => [e.event_name, e.user_id]),
      [
        ['Before', anonymous],
        ['After', 'cust-9'],
      ],
    );
    assert.equal(cookies.get('_sb_uid'), '~cust-9');
  });

  it('starts a new anonymous visitor on reset', () => {
    const { t } = tracker(true);
    t.command('identify', 'cust-9');
    t.command('reset');
    const ids = t.command('ids') as { user_id: string };
    assert.notEqual(ids.user_id, 'cust-9');
    assert.match(ids.user_id, /^[\w-]{20}$/);
  });

  it('hands the ids to a callback, and undefined before consent', () => {
    const seen: unknown[] = [];
    tracker(undefined).t.command('ids', (ids: unknown) => seen.push(ids));
    tracker(true).t.command('ids', (ids: unknown) => seen.push(ids));
    assert.equal(seen[0], undefined);
    assert.match((seen[1] as { user_id: string }).user_id, /^[\w-]{8,64}$/);
  });

  it('sends a data-sb-event click under its own name, and any other data-sb-* click as an add to cart with the page', () => {
    const { t, transport } = tracker(true);
    t.clicked({ sbEvent: UNCATALOGUED_EVENT, sbProductId: '7' });
    t.clicked({ sbProductId: '8' });
    t.clicked({ sbProductId: '9', sbUrl: 'https://shop.example/p/9' });
    mock.timers.tick(BATCH_MS);
    assert.deepEqual(
      transport.sent[0]?.map((e) => [e.event_name, e.event, e.helper, e.attributes]),
      [
        [UNCATALOGUED_EVENT, { sbEvent: UNCATALOGUED_EVENT, sbProductId: '7' }, undefined, 1],
        ['addToCart', { sbUrl: PAGE, sbProductId: '8' }, 1, 1],
        ['addToCart', { sbUrl: 'https://shop.example/p/9', sbProductId: '9' }, 1, 1],
      ],
    );
  });

  it("sends a search (its page and quantity for the relay to drop) and a listing by their helpers' names, and a click on a listing's product, marked or by its link, as a click of that list", () => {
    const { t, transport } = tracker(true);
    const products = [
      {
        product_id: 11,
        position: 17,
        name: 'Tee',
        price: 9.5,
        currency: 'EUR',
        url: 'https://shop.example/p/11#/2-size-m',
      },
      { product_id: 12, position: 18, url: 'https://shop.example/p/12' },
    ];
    t.command('search', { query: 'tee', results: 2 });
    t.command('viewList', { list_id: 'category-3', list_name: 'Shirts', products });
    t.clicked({ sbList: 'category-3', sbPosition: '4', sbProductId: '9' });
    t.linked('https://shop.example/p/11#/1-size-s');
    t.linked('https://shop.example/p/13');
    mock.timers.tick(BATCH_MS);
    assert.deepEqual(
      transport.sent[0]?.map((e) => [e.event_name, e.event, e.helper, e.attributes]),
      [
        ['search', { url: PAGE, quantity: 1, query: 'tee', results: 2 }, 1, undefined],
        ['viewList', { list_id: 'category-3', list_name: 'Shirts', products }, 1, undefined],
        ['click', { sbUrl: PAGE, sbList: 'category-3', sbPosition: '4', sbProductId: '9' }, 1, 1],
        ['click', { ...products[0], list_id: 'category-3' }, 1, undefined],
      ],
    );
  });

  it('takes a listing without products or links as the relay will judge it, remembering no link', () => {
    const { t, transport, logged } = tracker(true);
    t.command('viewList', { list_id: 'search' });
    t.command('viewList', { list_id: 'x', products: [{ product_id: 1, position: 1 }] });
    t.linked('https://shop.example/');
    mock.timers.tick(BATCH_MS);
    assert.deepEqual(
      transport.sent[0]?.map((e) => e.event_name),
      ['viewList', 'viewList'],
    );
    assert.deepEqual(logged, []);
  });

  it("replays another page's stored events as it starts with consent, and flushes at once on the flush command", async () => {
    const store = new MemoryStore();
    store.set(QUEUE_KEY, JSON.stringify([snippetEvent({ event_id: 'left-over' })]));
    const { t, transport } = tracker(true, store);
    mock.timers.tick(0);
    assert.deepEqual(
      transport.sent.map((batch) => batch.map((e) => e.event_id)),
      [['left-over']],
    );
    await settled();
    t.command('track', 'Now', {});
    t.command('flush');
    assert.equal(transport.sent.length, 2);
    await settled();
    t.beacon();
    assert.equal(transport.beaconed.length, 0, 'nothing left once the flush was confirmed');
  });

  it("writes the visitor's ids as it starts, before any event, so the shop's server has them from the first page", () => {
    const { cookies, transport } = tracker(true);
    assert.match(cookies.get('_sb_uid') ?? '', /^[\w-]{8,64}$/);
    assert.deepEqual(
      [cookies.cookies.get('_sb_sid')?.maxAge, cookies.cookies.get('_sb_uid')?.maxAge],
      [1800, 34_560_000],
    );
    mock.timers.tick(BATCH_MS);
    assert.equal(transport.sent.length, 0, 'starting sends nothing');
  });

  it('writes no id as it starts while consent is awaited or refused', () => {
    for (const consent of [undefined, false]) {
      const { cookies } = tracker(consent);
      assert.equal(cookies.cookies.size, 0, String(consent));
    }
  });

  it('does not replay stored events as it starts without consent', () => {
    const store = new MemoryStore();
    store.set(QUEUE_KEY, JSON.stringify([snippetEvent()]));
    const { transport } = tracker(undefined, store);
    mock.timers.tick(BATCH_MS);
    assert.equal(transport.sent.length, 0);
  });
});
