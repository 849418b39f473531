import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeHTML } from 'entities';
import { CATALOG, type DemoProduct } from '../../../relay/demo/catalog.js';
import { checkCheckout } from '../../../relay/demo/demo-order.js';
import { cartPage, checkoutPage, homePage, productPage } from '../../../relay/demo/storefront-pages.js';

/** The attributes of each tag matching `selector` (a regex on the tag's text), decoded as a browser reads them. */
function tags(text: string, selector: RegExp): Record<string, string>[] {
  return [...text.matchAll(/<[a-z]+\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => selector.test(tag))
    .map((tag) =>
      Object.fromEntries(
        [...tag.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].slice(1).map(([, k, v]) => [k!, decodeHTML(v ?? '')]),
      ),
    );
}

/** The JSON data block `id`, as the storefront's script reads it (`JSON.parse(textContent)`). */
function dataBlock(text: string, id: string): unknown {
  const blocks = [...text.matchAll(/<script type="application\/json" id="([^"]+)">([\s\S]*?)<\/script>/g)];
  const found = blocks.filter((b) => b[1] === id);
  assert.equal(found.length, 1, `one ${id} block`);
  return JSON.parse(found[0]![2]!);
}

describe("the demo storefront's pages (relay/demo/storefront-pages.ts)", () => {
  it('lists every product with a link, its picture and an add-to-cart button carrying what the snippet captures', () => {
    const text = homePage().text;
    assert.match(text, /<body data-page="home">/);
    const buttons = tags(text, /data-sb-add-to-cart/);
    assert.deepEqual(
      buttons.map((b) => [b['data-sb-product-id'], b['data-sb-name'], b['data-sb-price'], b['data-sb-currency']]),
      CATALOG.map((p) => [String(p.id), p.name, String(p.price), 'EUR']),
    );
    assert.deepEqual(
      buttons.map((b) => [b['data-sb-product-type'], b['data-sb-image-url']]),
      CATALOG.map((p) => [p.category, `/demo/images/${p.id}.svg`]),
    );
    assert.deepEqual(
      tags(text, /class="product-link"/).map((a) => a['href']),
      CATALOG.map((p) => `/products/${p.id}`),
    );
  });

  it("gives viewList the shop's listing in order, positions from 1, each with its page", () => {
    assert.deepEqual(dataBlock(homePage().text, 'list-data'), {
      list_id: 'shop',
      list_name: 'Shop',
      products: CATALOG.map((p, i) => ({
        product_id: p.id,
        position: i + 1,
        name: p.name,
        price: p.price,
        currency: 'EUR',
        url: `/products/${p.id}`,
      })),
    });
  });

  it('gives viewProduct the product shown, and a name holding </script> neither ends the data block nor the markup', () => {
    const hostile: DemoProduct = {
      ...CATALOG[2]!,
      name: `Tee </script><script>alert("x")</script> & 'co'`,
      category: '<b>Apparel</b>',
    };
    const text = productPage(hostile).text;
    assert.match(text, /<body data-page="product">/);
    assert.deepEqual(dataBlock(text, 'product-data'), {
      product_id: hostile.id,
      name: hostile.name,
      price: hostile.price,
      currency: 'EUR',
      product_type: hostile.category,
      image_url: `/demo/images/${hostile.id}.svg`,
    });
    assert.doesNotMatch(text, /<script>alert|<b>Apparel/);
    assert.equal(tags(text, /data-sb-add-to-cart/)[0]?.['data-sb-name'], hostile.name, 'the button names it whole');
    assert.match(text, new RegExp(`<p class="price big">€${hostile.price.toFixed(2)}</p>`));
  });

  it("asks at checkout for the very fields the shop's backend checks, filled with a checkout it accepts", () => {
    const text = checkoutPage().text;
    assert.match(text, /<body data-page="checkout">/);
    const inputs = tags(text, /^<input\b/);
    assert.ok(inputs.every((input) => 'required' in input));
    const customer = Object.fromEntries(inputs.map((input) => [input['name']!, input['value']!]));
    assert.deepEqual(Object.keys(customer).sort(), ['city', 'country', 'email', 'first_name', 'last_name', 'zip_code']);
    assert.deepEqual(checkCheckout({ lines: [{ product_id: 101, quantity: 1 }], customer }), {
      ok: true,
      value: { lines: [{ product_id: 101, quantity: 1 }], customer },
    });
  });

  it("holds the elements the storefront's script fills in, a confirmation hidden until an order is placed", () => {
    const ids = (text: string) => tags(text, /\bid="/).map((t) => t['id']);
    const cart = cartPage().text;
    assert.match(cart, /<body data-page="cart">/);
    assert.deepEqual(
      ids(cart).filter((id) => id !== 'cart-count' && id !== 'toast'),
      ['cart-lines', 'cart-total', 'to-checkout'],
    );
    const checkout = checkoutPage().text;
    assert.deepEqual(
      ids(checkout).filter((id) => id !== 'cart-count' && id !== 'toast'),
      ['checkout-form', 'checkout-lines', 'checkout-total', 'confirmation'],
    );
    assert.ok('hidden' in tags(checkout, /id="confirmation"/)[0]!);
  });
});
