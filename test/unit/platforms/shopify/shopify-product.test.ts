import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mapShopifyProduct } from '../../../../relay/platforms/shopify/shopify-product.js';
import { parseExactJson } from '../../../../relay/shared/exact-json.js';
import { fixtureText } from '../../../helpers/platform-fixtures.js';

const payload = (name: string) => parseExactJson(fixtureText(`shopify/${name}.json`)) as Record<string, unknown>;
const settings = { currency: 'USD', shopUrl: 'https://snowdevil.example/' };

describe('mapShopifyProduct(payload, settings)', () => {
  it('maps the product, never a variant: cheapest variant price and SKU, sale flag, text description, link from the handle', () => {
    const mapped = mapShopifyProduct(payload('product'), settings);
    assert.ok('kind' in mapped);
    assert.deepEqual(mapped.errors, []);
    assert.deepEqual(mapped.body, {
      product_id: 788032119674292922n,
      name: 'Example T-Shirt',
      price: 17.99,
      currency: 'USD',
      on_sale: false,
      description: 'A soft tee in organic cotton. Printed "by hand" in Portland.',
      categories: 'Shirts',
      image: 'https://cdn.shopify.com/s/files/1/0000/0001/products/tee-front.jpg',
      image2: 'https://cdn.shopify.com/s/files/1/0000/0001/products/tee-back.jpg',
      link: 'https://snowdevil.example/products/example-t-shirt',
      sku: 'TEE-S',
    });
  });

  it("is on sale when the cheapest variant's compare-at price is above its price", () => {
    const product = payload('product');
    const [, small] = product['variants'] as Record<string, unknown>[];
    small!['compare_at_price'] = '21.00';
    const mapped = mapShopifyProduct(product, settings);
    assert.ok('kind' in mapped);
    assert.equal(mapped.body['on_sale'], true);
  });

  it('sends only active products published to the online store', () => {
    // Named as withdrawn: if it was sent before, the merchant is told the service still lists it.
    const id = '788032119674292922';
    assert.deepEqual(mapShopifyProduct({ ...payload('product'), status: 'draft' }, settings), {
      skip: 'status draft: only active products are sent',
      withdrawn: id,
    });
    assert.deepEqual(mapShopifyProduct({ ...payload('product'), published_at: null }, settings), {
      skip: 'not published to the online store',
      withdrawn: id,
    });
  });
});
