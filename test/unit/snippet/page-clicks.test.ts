import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPageClicks } from '../../../snippet/page-clicks.js';

const KETTLE = 'https://shop.example/product/kettle/';
const UPSELL = { list_id: 'upsell-18', products: [{ product_id: 16, position: 1, url: KETTLE }] };
const RELATED = {
  list_id: 'related-18',
  products: [
    { product_id: 22, position: 1, url: 'https://shop.example/product/grinder/' },
    { product_id: 16, position: 3, url: `${KETTLE}#/1-size-s` },
  ],
};

/** The page's clicks with the two listings of a product page viewed, upsells first; what they capture. */
function productPage() {
  const captured: unknown[][] = [];
  const clicks = createPageClicks(
    (...event) => void captured.push(event),
    () => 'https://shop.example/product/mug/',
  );
  clicks.listed(UPSELL);
  clicks.listed(RELATED);
  const clickedFrom = () => captured.filter(([name]) => name === 'click').map(([, product]) => product);
  return { clicks, clickedFrom };
}

describe('the clicks on a page (snippet/page-clicks.ts)', () => {
  it('credits a link a page lists in two blocks to the block clicked, by its data-sb-list, whichever listing was viewed last', () => {
    const { clicks, clickedFrom } = productPage();
    clicks.linked(KETTLE, 'upsell-18');
    clicks.linked(`${KETTLE}#top`, 'related-18');
    assert.deepEqual(clickedFrom(), [
      { ...UPSELL.products[0], list_id: 'upsell-18' },
      { ...RELATED.products[1], list_id: 'related-18' },
    ]);
  });

  it('credits a link outside any block, or in a block that lists no such product, to the listing viewed last', () => {
    const { clicks, clickedFrom } = productPage();
    clicks.linked(KETTLE);
    clicks.linked(KETTLE, 'cross-sell-cart');
    clicks.linked('https://shop.example/product/grinder/', 'upsell-18');
    assert.deepEqual(clickedFrom(), [
      { ...RELATED.products[1], list_id: 'related-18' },
      { ...RELATED.products[1], list_id: 'related-18' },
      { ...RELATED.products[0], list_id: 'related-18' },
    ]);
  });

  it('sends nothing for a link to a product no listing of the page holds, in a block or not', () => {
    const { clicks, clickedFrom } = productPage();
    clicks.linked('https://shop.example/product/teapot/', 'upsell-18');
    clicks.linked('https://shop.example/product/teapot/');
    assert.deepEqual(clickedFrom(), []);
  });
});
