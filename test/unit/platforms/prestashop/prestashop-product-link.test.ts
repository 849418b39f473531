import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  productLink,
  ruleKeywords,
  type ProductLinkRules,
} from '../../../../relay/platforms/prestashop/prestashop-product-link.js';

const SHOP = 'https://shop.example/shop2/';
const FOX = { id: '9', rewrite: 'mountain-fox-cushion', ean13: '', category: 'home-accessories' };
const rules = (rule: string, extra: Partial<ProductLinkRules> = {}): ProductLinkRules => ({
  rewriting: true,
  rule,
  ...extra,
});

describe('productLink(shopUrl, rules, product)', () => {
  it("builds the product's page as PrestaShop 9's default route does, under the shop's own path", () => {
    assert.equal(
      productLink(SHOP, rules('{id}{-:id_product_attribute}-{rewrite}.html'), FOX),
      'https://shop.example/shop2/9-mountain-fox-cushion.html',
    );
  });

  it("fills 1.7 and 8's default route with the default category and the EAN-13, each keyword's prepend and append gone with an empty value", () => {
    const rule = rules('{category:/}{id}{-:id_product_attribute}-{rewrite}{-:ean13}.html');
    assert.equal(
      productLink(SHOP, rule, FOX),
      'https://shop.example/shop2/home-accessories/9-mountain-fox-cushion.html',
    );
    assert.equal(
      productLink(SHOP, rule, { ...FOX, ean13: '3760000000001' }),
      'https://shop.example/shop2/home-accessories/9-mountain-fox-cushion-3760000000001.html',
    );
    assert.equal(
      productLink(SHOP, rule, { ...FOX, category: undefined }),
      'https://shop.example/shop2/index.php?controller=product&id_product=9',
      'no category to fill: the redirect, never a page PrestaShop would redirect again',
    );
  });

  it("keeps PrestaShop's own redirect where the page cannot be built: friendly URLs off, a route it cannot fill, no rewrite", () => {
    const redirect = 'https://shop.example/shop2/index.php?controller=product&id_product=9';
    assert.equal(productLink(SHOP, rules('{id}-{rewrite}.html', { rewriting: false }), FOX), redirect);
    assert.equal(
      productLink(SHOP, rules('{manufacturer}/{id}-{rewrite}.html', { unfollowable: 'uses manufacturer' }), FOX),
      redirect,
    );
    assert.equal(productLink(SHOP, rules('{id}-{rewrite}.html'), { ...FOX, rewrite: undefined }), redirect);
  });

  it("names a route's keywords, with or without prepend and append", () => {
    assert.deepEqual(ruleKeywords('{category:/}{id}{-:id_product_attribute}-{rewrite}{-:ean13}.html'), [
      'category',
      'id',
      'id_product_attribute',
      'rewrite',
      'ean13',
    ]);
  });
});
