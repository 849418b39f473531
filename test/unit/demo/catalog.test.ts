import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CATALOG, CURRENCY, findProduct, formatPrice } from '../../../relay/demo/catalog.js';

describe("the demo shop's catalog (relay/demo/catalog.ts)", () => {
  it('finds a product by its id, and nothing for an id it does not list or a path that is no number', () => {
    assert.equal(findProduct(105)?.name, 'Trail Bottle');
    assert.equal(findProduct(101), CATALOG[0]);
    assert.equal(findProduct(999), undefined);
    // The routes pass `Number(ctx.params.id)`: `/products/abc` is NaN and `/products/` is 0.
    assert.equal(findProduct(Number('abc')), undefined);
    assert.equal(findProduct(Number('')), undefined);
  });

  it('writes a price in euros with two decimals, whatever the number carries', () => {
    assert.deepEqual([14.5, 16, 19.9, 8.5, 0, 1234.567].map(formatPrice), [
      '€14.50',
      '€16.00',
      '€19.90',
      '€8.50',
      '€0.00',
      '€1234.57',
    ]);
    assert.equal(CURRENCY, 'EUR');
  });

  it('lists products with distinct ids, prices in whole cents and colours safe to draw into an SVG attribute', () => {
    const ids = CATALOG.map((p) => p.id);
    assert.equal(new Set(ids).size, ids.length, `duplicate ids in ${ids.join(', ')}`);
    for (const p of CATALOG) {
      assert.ok(Number.isSafeInteger(p.id) && p.id > 0, `${p.name}: id ${p.id}`);
      assert.ok(p.price > 0 && Number(p.price.toFixed(2)) === p.price, `${p.name}: price ${p.price}`);
      // product-image.ts writes the colour into `fill="…"` unescaped.
      assert.match(p.color, /^#[0-9a-f]{6}$/, `${p.name}: colour`);
      assert.ok(p.name.trim() !== '' && p.category.trim() !== '' && p.blurb.trim() !== '', `${p.name}: texts`);
    }
  });

  it('draws every shape a product may have at least once, so each drawing is seen in the demo', () => {
    assert.deepEqual([...new Set(CATALOG.map((p) => p.shape))].sort(), ['bag', 'book', 'bottle', 'cap', 'mug', 'tee']);
  });
});
