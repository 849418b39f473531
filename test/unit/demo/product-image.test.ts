import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CATALOG, type DemoProduct } from '../../../relay/demo/catalog.js';
import { productImage } from '../../../relay/demo/product-image.js';

const product = (shape: DemoProduct['shape'], color = '#123abc'): DemoProduct => ({
  id: 1,
  name: 'A thing',
  category: 'Things',
  price: 1,
  shape,
  color,
  blurb: 'A thing.',
});
const SHAPES: DemoProduct['shape'][] = ['mug', 'tee', 'bottle', 'cap', 'bag', 'book'];

/** The element names of an SVG's tags in order, each opening matched by its closing (self-closing ones count as both). */
function unbalancedTags(svg: string): string[] {
  const open: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (!closing) open.push(name!);
    else if (open.pop() !== name) return [...open, `</${name}> out of place`];
  }
  return open;
}

describe("the demo's product pictures (relay/demo/product-image.ts)", () => {
  it('draws a whole 200×200 SVG for every shape, each tag closed', () => {
    for (const shape of SHAPES) {
      const svg = productImage(product(shape));
      assert.match(
        svg,
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 200 200" width="400" height="400">/,
      );
      assert.ok(svg.endsWith('</svg>'), shape);
      assert.deepEqual(unbalancedTags(svg), [], shape);
    }
  });

  it("paints each shape in the product's own colour, and draws the six shapes differently", () => {
    const drawings = SHAPES.map((shape) => {
      const svg = productImage(product(shape, '#a1b2c3'));
      assert.match(svg, /(fill|stroke)="#a1b2c3"/, `${shape} is not in the product's colour`);
      return svg;
    });
    assert.equal(new Set(drawings).size, SHAPES.length);
    const [harbour, ember] = [CATALOG[0]!, CATALOG[1]!];
    assert.equal(harbour.shape, ember.shape);
    assert.notEqual(productImage(harbour), productImage(ember), 'two mugs of two colours');
  });

  it('refers to nothing outside itself: no link, no script, its only url() its own gradient', () => {
    for (const p of CATALOG) {
      const svg = productImage(p);
      assert.doesNotMatch(svg, /href|<script|<image|<foreignObject/i, p.name);
      assert.deepEqual(
        [...svg.matchAll(/url\(([^)]*)\)/g)].map((m) => m[1]),
        ['#bg'],
        p.name,
      );
      assert.deepEqual(
        [...svg.matchAll(/https?:\/\/[^"]*/g)].map((m) => m[0]),
        ['http://www.w3.org/2000/svg'],
        `${p.name}: the namespace is its only URL`,
      );
    }
  });
});
