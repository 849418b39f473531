import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mapWooCommerceProduct } from '../../../../relay/platforms/woocommerce/woocommerce-product.js';
import { parseExactJson } from '../../../../relay/shared/exact-json.js';
import { fixtureText } from '../../../helpers/platform-fixtures.js';

const payload = (name: string) => parseExactJson(fixtureText(`woocommerce/${name}.json`)) as Record<string, unknown>;
const settings = { currency: 'EUR' };

describe('mapWooCommerceProduct(payload, settings)', () => {
  it('maps a published product: text description, comma-joined categories, two images, rating', () => {
    const mapped = mapWooCommerceProduct(payload('product'), settings);
    assert.ok('kind' in mapped);
    assert.deepEqual(mapped.errors, []);
    assert.deepEqual(mapped.body, {
      product_id: 93,
      name: 'Linen Shirt',
      price: 19.9,
      currency: 'EUR',
      on_sale: true,
      description: 'Breathable linen for warm days & cool evenings. 100% European flax Relaxed fit',
      categories: 'Clothing,Shirts',
      image: 'https://shop.example/wp-content/uploads/2026/03/shirt-blue.jpg',
      image2: 'https://shop.example/wp-content/uploads/2026/03/shirt-white.jpg',
      link: 'https://shop.example/product/linen-shirt/',
      sku: 'SHIRT',
      average_rating: 4.5,
      rating_count: 12,
    });
  });

  it('decodes the HTML entities WordPress stores in names and categories (`Tea &amp; Coffee`, `&ndash;`)', () => {
    const mapped = mapWooCommerceProduct(
      {
        ...payload('product'),
        name: 'Earl Grey &ndash; loose',
        categories: [{ id: 9, name: 'Tea &amp; Coffee', slug: 'tea-coffee' }],
      },
      settings,
    );
    assert.ok('kind' in mapped);
    assert.deepEqual([mapped.body['name'], mapped.body['categories']], ['Earl Grey – loose', 'Tea & Coffee']);
  });

  it('takes the price as the shop displays it when the plugin adds it (shopbeacon_price), else the price as entered', () => {
    const shown = mapWooCommerceProduct({ ...payload('product'), price: '5.50', shopbeacon_price: 6.55 }, settings);
    const entered = mapWooCommerceProduct({ ...payload('product'), price: '5.50' }, settings);
    assert.ok('kind' in shown && 'kind' in entered);
    assert.deepEqual([shown.body['price'], entered.body['price']], [6.55, 5.5]);
  });

  it("sends a translation's default-language product only: the plugin names it, and a product without the plugin's field is its own", () => {
    assert.deepEqual(mapWooCommerceProduct({ ...payload('product'), id: 165, shopbeacon_product_id: 93 }, settings), {
      skip: "a translation of product 93: the catalog holds its default language's product",
    });
    const original = mapWooCommerceProduct({ ...payload('product'), shopbeacon_product_id: 93 }, settings);
    const without = mapWooCommerceProduct(payload('product'), settings);
    assert.ok('kind' in original && 'kind' in without);
    assert.deepEqual([original.body['product_id'], without.body['product_id']], [93, 93]);
  });

  it('never sends a variation', () => {
    assert.deepEqual(mapWooCommerceProduct(payload('product-variation'), settings), {
      skip: 'a variation: the service takes base products only',
    });
  });

  it('drops the control characters an editor left in a name or a description, invisible on the page and refused by the contract, so the product is sent', () => {
    const mapped = mapWooCommerceProduct(
      { ...payload('product'), name: 'Tea\u0007pot', description: '<p>Sturdy\u0000 and\u000bwashable</p>' },
      settings,
    );
    assert.ok('kind' in mapped);
    assert.deepEqual([mapped.body['name'], mapped.body['description']], ['Teapot', 'Sturdy and washable']);
  });

  it('sends only published products, naming a draft as withdrawn (the merchant is told if it was sent before)', () => {
    assert.deepEqual(mapWooCommerceProduct({ ...payload('product'), status: 'draft' }, settings), {
      skip: 'status draft: only published products are sent',
      withdrawn: '93',
    });
    assert.deepEqual(
      mapWooCommerceProduct({ ...payload('product'), type: 'variation' }, settings),
      { skip: 'a variation: the service takes base products only' },
      'a variation is never a withdrawal',
    );
  });

  it('sends no rating for a product nobody rated', () => {
    const mapped = mapWooCommerceProduct({ ...payload('product'), average_rating: '0.00', rating_count: 0 }, settings);
    assert.ok('kind' in mapped);
    assert.equal(mapped.body['average_rating'], undefined);
    assert.equal(mapped.body['rating_count'], undefined);
  });
});
