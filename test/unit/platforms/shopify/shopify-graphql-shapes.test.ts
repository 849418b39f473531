import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { restProduct } from '../../../../relay/platforms/shopify/shopify-graphql-shapes.js';
import { mapShopifyProduct } from '../../../../relay/platforms/shopify/shopify-product.js';

describe('restProduct(node, variants, images) then mapShopifyProduct', () => {
  const node = {
    id: 'gid://shopify/Product/7',
    title: 'Tee',
    handle: 'tee',
    status: 'ACTIVE',
    publishedAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-02T00:00:00Z',
  };
  const listed = [
    { price: '19.99', compareAtPrice: '24.99', sku: 'tee-s' },
    { price: '21.99', compareAtPrice: null, sku: 'tee-m' },
  ];

  it('prices a product by its cheapest listed variant when priceRangeV2 knows no lower price', () => {
    const mapped = mapShopifyProduct(
      restProduct({ ...node, priceRangeV2: { minVariantPrice: { amount: '19.99' } } }, listed, []),
      {
        currency: 'USD',
        shopUrl: 'https://shop.example',
      },
    );
    assert.ok('kind' in mapped);
    assert.deepEqual([mapped.body['price'], mapped.body['on_sale'], mapped.body['sku']], [19.99, true, 'tee-s']);
  });

  it("takes priceRangeV2's lower price when the cheapest variant is not among the first 100 listed", () => {
    const mapped = mapShopifyProduct(
      restProduct({ ...node, priceRangeV2: { minVariantPrice: { amount: '9.50' } } }, listed, []),
      {
        currency: 'USD',
        shopUrl: 'https://shop.example',
      },
    );
    assert.ok('kind' in mapped);
    assert.deepEqual([mapped.body['price'], mapped.body['on_sale'], mapped.body['sku']], [9.5, false, undefined]);
  });
});
