import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { helperEvent, helperNameErrors } from '../../../relay/collect/helper-event.js';
import { UNCATALOGUED_EVENT, UNCATALOGUED_HELPER } from '../../helpers/catalogue.js';

describe('helperEvent(name, event)', () => {
  it('keeps the catalogued fields that hold a value and drops every other field', () => {
    assert.deepEqual(
      helperEvent('Added To Cart', {
        product_id: 501,
        name: 'Mug',
        price: 19.9,
        currency: 'EUR',
        quantity: 3,
        url: 'https://shop.example/p/501',
        colour: 'blue',
        seq: 7,
      }),
      { product_id: 501, name: 'Mug', price: 19.9, currency: 'EUR', quantity: 3, url: 'https://shop.example/p/501' },
    );
  });

  it('drops a field a helper left null or undefined, and keeps one whose value is 0, false or empty text', () => {
    assert.deepEqual(
      helperEvent('Product Viewed', {
        product_id: 0,
        name: null,
        price: 0,
        product_type: '',
        url: undefined,
        image_url: false,
      }),
      { product_id: 0, price: 0, product_type: '', image_url: false, quantity: 1 },
    );
  });

  it('gives a product event without a quantity, or with a null one, the quantity 1', () => {
    assert.deepEqual(helperEvent('Removed From Cart', { product_id: 501 }), { product_id: 501, quantity: 1 });
    assert.deepEqual(helperEvent('Added To Cart', { product_id: 501, quantity: null }), {
      product_id: 501,
      quantity: 1,
    });
  });

  it('leaves a quantity out of an event whose catalogue has none', () => {
    assert.deepEqual(helperEvent('Order Completed', { order_id: 1001, order_value: 39.8, currency: 'EUR', x: 1 }), {
      order_id: 1001,
      order_value: 39.8,
      currency: 'EUR',
    });
    assert.deepEqual(helperEvent('Products Searched', { query: 'mug', results: 0 }), { query: 'mug', results: 0 });
  });

  it('returns a new object, leaving the event the browser sent as it was', () => {
    const sent = { product_id: 501, colour: 'blue' };
    const kept = helperEvent('Added To Cart', sent);
    assert.notEqual(kept, sent);
    assert.deepEqual(sent, { product_id: 501, colour: 'blue' });
  });

  it('leaves anything but a plain object for validation to judge, untouched', () => {
    const list = [{ product_id: 501, colour: 'blue' }];
    assert.equal(helperEvent('Added To Cart', list), list);
    for (const event of [null, undefined, 'Mug', 501, true])
      assert.equal(helperEvent('Added To Cart', event), event, String(event));
  });

  it("leaves an event whose name the catalogue lacks untouched: a helper's short name, a shop's own, or no text at all", () => {
    for (const name of [
      'addToCart',
      UNCATALOGUED_EVENT,
      'constructor',
      '__proto__',
      42,
      undefined,
      { name: 'Added To Cart' },
    ]) {
      const event = { product_id: 501, colour: 'blue' };
      assert.equal(helperEvent(name, event), event, String(name));
      assert.deepEqual(event, { product_id: 501, colour: 'blue' });
    }
  });
});

describe('helperNameErrors(name)', () => {
  it("takes the catalogue's name of a helper's event, and an older snippet's full name", () => {
    for (const name of ['Added To Cart', 'Order Completed', 'Product Clicked'])
      assert.deepEqual(helperNameErrors(name), [], name);
  });

  it("refuses by event_name any other name: a helper the catalogue lacks, a shop's own event, no text at all, listing the helpers there are", () => {
    for (const name of [UNCATALOGUED_HELPER, UNCATALOGUED_EVENT, 'constructor', 42, undefined]) {
      const errors = helperNameErrors(name);
      assert.deepEqual(
        errors.map(({ path }) => path),
        ['event_name'],
        String(name),
      );
      assert.match(
        errors[0]!.message,
        /^is no helper of the event catalogue \(viewProduct, addToCart, .*\): .* track$/,
      );
    }
  });
});
