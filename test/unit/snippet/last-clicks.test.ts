import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { BATCH_MS } from '../../../snippet/batch-sender.js';
import type { ConsentState } from '../../../snippet/consent.js';
import { createIdentity } from '../../../snippet/identity.js';
import { createLastClicks } from '../../../snippet/last-clicks.js';
import { SESSION_COOKIE } from '../../../snippet/protocol.js';
import { createRetryQueue } from '../../../snippet/retry-queue.js';
import { createTracker } from '../../../snippet/tracker.js';
import { catalogueRefusals } from '../../helpers/catalogue.js';
import { FakeTransport, MemoryCookies, MemoryStore } from '../../helpers/snippet-fakes.js';

const TEAPOT = 'https://shop.example/p/teapot';
const TEE = 'https://shop.example/p/tee';

/** One page of the shop: a tracker on the browser's storage and cookies, which outlive it. */
function page(browser: { store: MemoryStore; cookies: MemoryCookies }, consent: ConsentState) {
  const transport = new FakeTransport();
  const t = createTracker({
    transport,
    queue: createRetryQueue(browser.store),
    identity: createIdentity(browser.cookies, browser.store),
    lastClicks: createLastClicks(browser.store),
    page: () => 'https://shop.example/',
    log: () => undefined,
  });
  // The state the page starts in; undecided, everything waits for the shopper's choice.
  if (consent !== undefined) t.decide(consent);
  /** What this page sent, each event's name and object. */
  const sent = () => transport.sent.flat().map((e) => [e.event_name, e.event] as const);
  const sentNamed = (name: string) => sent().filter(([event]) => event === name);
  return { t, sent, sentNamed };
}

const browser = () => ({ store: new MemoryStore(), cookies: new MemoryCookies() });
const listing = (list_id: string, urls: string[]) => ({
  list_id,
  products: urls.map((url, i) => ({ product_id: url === TEAPOT ? 42 : 50, position: i + 17, url })),
});
const attribution = (event: Record<string, unknown> | undefined) => {
  const { list_id, position, query } = event ?? {};
  return Object.fromEntries(Object.entries({ list_id, position, query }).filter(([, value]) => value !== undefined));
};

describe("the snippet's last clicks (snippet/last-clicks.ts): what led to the cart", () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('names on an add, on another page, the listing and position its product was clicked from; a later click from another listing wins; a product never clicked names none', () => {
    const shopper = browser();
    const listPage = page(shopper, true);
    listPage.t.command('viewList', listing('category-12', [TEE, TEAPOT]));
    listPage.t.linked(TEAPOT);
    listPage.t.flush();
    const productPage = page(shopper, true);
    productPage.t.command('viewList', listing('related-42', [TEAPOT]));
    productPage.t.linked(TEAPOT);
    productPage.t.flush();
    const cartPage = page(shopper, true);
    cartPage.t.command('addToCart', { product_id: 42 });
    cartPage.t.command('addToCart', { product_id: 50 });
    cartPage.t.flush();
    const [teapot, tee] = cartPage.sentNamed('addToCart');
    assert.deepEqual(attribution(teapot?.[1]), { list_id: 'related-42', position: 17 });
    assert.deepEqual(attribution(tee?.[1]), {});
    assert.deepEqual(catalogueRefusals('addToCart', teapot?.[1]), []);
  });

  it("names each line of a purchase by its product's click, leaves a line naming its own listing as it is, and carries a search's query", () => {
    const shopper = browser();
    const results = page(shopper, true);
    results.t.command('search', { query: 'green tea', results: 2 });
    results.t.command('viewList', listing('search', [TEE, TEAPOT]));
    results.t.linked(TEE);
    results.t.command('viewList', listing('home-featured', [TEAPOT]));
    results.t.linked(TEAPOT);
    results.t.flush();
    const thanks = page(shopper, true);
    thanks.t.command('purchase', {
      order_id: 7,
      items: [{ product_id: 50 }, { product_id: 42, list_id: 'block-3' }, { product_id: 9 }],
    });
    thanks.t.flush();
    const [[, order] = []] = thanks.sentNamed('purchase');
    const items = (order as { items: Record<string, unknown>[] }).items;
    assert.deepEqual(items.map(attribution), [
      { list_id: 'search', position: 17, query: 'green tea' },
      { list_id: 'block-3' },
      {},
    ]);
    assert.deepEqual(catalogueRefusals('purchase', { order_id: 7, items }), []);
  });

  it("answers the shop's add-to-cart form the product's click of this session, a click of the same page too", () => {
    const shopper = browser();
    const here = page(shopper, true);
    here.t.command('viewList', listing('upsell-42', [TEE]));
    here.t.linked(TEE);
    assert.deepEqual(here.t.command('clickOf', 50), { list_id: 'upsell-42', position: 17 });
    assert.equal(here.t.command('clickOf', 42), undefined);
  });

  it('lets a click count only in its session: once the session ended (30 idle minutes), an add names none', () => {
    const shopper = browser();
    const before = page(shopper, true);
    before.t.command('viewList', listing('category-12', [TEAPOT]));
    before.t.linked(TEAPOT);
    before.t.flush();
    shopper.cookies.set(SESSION_COOKIE, '', 0);
    const after = page(shopper, true);
    assert.equal(after.t.command('clickOf', 42), undefined);
    after.t.command('addToCart', { product_id: 42 });
    after.t.flush();
    assert.deepEqual(attribution(after.sentNamed('addToCart')[0]?.[1]), {});
  });

  it('keeps nothing before consent, answers nothing once refused, and forgets the clicks with the ids on consent(false)', () => {
    const waiting = browser();
    const undecided = page(waiting, undefined);
    undecided.t.command('viewList', listing('category-12', [TEAPOT]));
    undecided.t.linked(TEAPOT);
    undecided.t.flush();
    assert.equal(waiting.store.values.get('_sb_lc'), undefined, 'nothing written before consent');
    assert.equal(undecided.t.command('clickOf', 42), undefined);

    const shopper = browser();
    const consenting = page(shopper, true);
    consenting.t.command('viewList', listing('category-12', [TEAPOT]));
    consenting.t.linked(TEAPOT);
    consenting.t.flush();
    assert.match(shopper.store.values.get('_sb_lc') ?? '', /category-12/);
    consenting.t.command('consent', false);
    assert.equal(shopper.store.values.get('_sb_lc'), '');
    assert.equal(consenting.t.command('clickOf', 42), undefined);
    mock.timers.tick(BATCH_MS);
  });
});
