import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { attributeFields } from '../../../relay/collect/attribute-fields.js';

describe("attributeFields(a clicked element's dataset)", () => {
  it('keeps the data-sb-* attributes, named and typed as the service wants them, and drops every other', () => {
    assert.deepEqual(
      attributeFields({
        sbProductId: '42',
        sbPrice: '19.90',
        sbQuantity: '2',
        sbPosition: '3',
        sbList: 'related',
        sbProductName: 'Mug',
        sbEvent: 'Product Clicked',
        sbAddToCart: '',
        gtmTrack: 'x',
        sbemail: 'no@shop.example',
      }),
      { product_id: 42, price: 19.9, quantity: 2, position: 3, list_id: 'related', product_name: 'Mug' },
    );
  });

  it('leaves text that is no number as text, for validation to refuse by its field', () => {
    assert.deepEqual(attributeFields({ sbPrice: '19,90', sbProductId: 'sku-9', sbOrderValue: '1e3' }), {
      price: '19,90',
      product_id: 'sku-9',
      order_value: '1e3',
    });
    assert.deepEqual(
      attributeFields({ sbProductId: '1234567890123456' }),
      { product_id: '1234567890123456' },
      'past 15 digits an id is not a safe number',
    );
  });

  it('returns what is not an object as it is, for validation to name', () => {
    assert.equal(attributeFields('click'), 'click');
    assert.deepEqual(attributeFields({ sbPrice: 5 }), { price: 5 });
  });
});
