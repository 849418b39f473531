import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserEvent, collect } from '../helpers/collect.js';
import { relayForSuite, until, type Harness } from '../helpers/relay-harness.js';

const delivered = (h: Harness, name: string) =>
  h.mock.records('events').find((e) => (e as { event_name: string }).event_name === name) as
    Record<string, unknown> | undefined;

describe('POST /collect with clicks the snippet captured from data-sb-* attributes (attributes: 1)', () => {
  const h = relayForSuite();

  it("names and types an add-to-cart button's data-sb-* attributes, keeps the page as url, and drops the marks and other data-* attributes", async () => {
    const name = `Added To Cart`;
    const click = {
      ...browserEvent(),
      event_name: name,
      helper: 1,
      attributes: 1,
      event: {
        sbUrl: 'https://www.shop.test/p/42',
        sbAddToCart: '',
        sbProductId: '42',
        sbName: 'Teapot',
        sbPrice: '24.50',
        sbCurrency: 'EUR',
        sbImageUrl: '/img/42.png',
        toggle: 'modal',
      },
    };
    const res = await collect(h.url, { events: [click] });
    assert.deepEqual(res.body['rejected'], []);
    await until(() => delivered(h, name) !== undefined, 'delivery');
    assert.deepEqual(delivered(h, name)!['event'], {
      product_id: 42,
      name: 'Teapot',
      price: 24.5,
      currency: 'EUR',
      quantity: 1,
      url: 'https://www.shop.test/p/42',
      image_url: '/img/42.png',
    });
    assert.equal(delivered(h, name)!['attributes'], undefined);
  });

  it('keeps every data-sb-* attribute of a data-sb-event click under its own name, an id of letters as text and a quantity as a number', async () => {
    const click = {
      ...browserEvent(),
      event_name: 'Added To Wishlist',
      attributes: 1,
      event: {
        sbEvent: 'Added To Wishlist',
        sbProductId: 'sku-7',
        sbListName: 'summer',
        sbQuantity: '2',
        sbX_1: 'a',
        theme: 'dark',
      },
    };
    assert.deepEqual((await collect(h.url, { events: [click] })).body['rejected'], []);
    await until(() => delivered(h, 'Added To Wishlist') !== undefined, 'delivery');
    assert.deepEqual(delivered(h, 'Added To Wishlist')!['event'], {
      product_id: 'sku-7',
      list_name: 'summer',
      quantity: 2,
      x_1: 'a',
    });
  });

  it('refuses a clicked add to cart whose data-sb-price is no number, naming event.price', async () => {
    const click = {
      ...browserEvent(),
      event_name: 'Added To Cart',
      helper: 1,
      attributes: 1,
      event: { sbAddToCart: '', sbProductId: '43', sbPrice: 'free' },
    };
    const res = await collect(h.url, { events: [click] });
    assert.equal(res.status, 400);
    assert.deepEqual(res.body['rejected'], [
      { index: 0, errors: [{ path: 'event.price', message: 'must be a finite number' }] },
    ]);
  });
});
