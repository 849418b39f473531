import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createListingBatches,
  type ListName,
  type Listing,
} from '../../../snippet/shopify-storefront/listing-batches.js';
import { catalogueRefusals } from '../../helpers/catalogue.js';

const card = (id: number) => ({ product_id: id, name: `P${id}`, url: `https://shop.example/products/p${id}` });

/** Batches whose listings are named as the companion names them, from what the page said so far. */
function batches(page: { product?: number } = {}) {
  const sent: Listing[] = [];
  const listOf = (context: string): ListName | undefined =>
    context === 'recommendation'
      ? { list_id: `recommendation-${page.product ?? '/'}`, list_name: 'Recommendations' }
      : context === 'collection'
        ? { list_id: 'collection-7' }
        : undefined;
  return { sent, listing: createListingBatches(listOf, (l) => sent.push(l)) };
}

const positions = (listing: Listing) => listing.products.map((p) => [p.product_id, p.position]);

describe('createListingBatches (snippet/shopify-storefront/listing-batches.ts)', () => {
  it('sends one listing per list for a batch of cards, positions in the order the cards came', () => {
    const { sent, listing } = batches({ product: 42 });
    listing.add('recommendation', card(1));
    listing.add('collection', card(5));
    listing.add('recommendation', card(2));
    listing.add('collection', card(6));
    listing.flush();
    assert.deepEqual(
      sent.map((l) => [l.list_id, positions(l)]),
      [
        [
          'recommendation-42',
          [
            [1, 1],
            [2, 2],
          ],
        ],
        [
          'collection-7',
          [
            [5, 1],
            [6, 2],
          ],
        ],
      ],
    );
    for (const l of sent) assert.deepEqual(catalogueRefusals('viewList', l), []);
  });

  it("goes on from the list's last position in a later batch, and lists a card seen again only once", () => {
    const { sent, listing } = batches();
    listing.add('collection', card(5));
    listing.add('collection', card(6));
    listing.flush();
    listing.add('collection', card(6));
    listing.add('collection', card(7));
    listing.flush();
    assert.deepEqual(sent.map(positions), [
      [
        [5, 1],
        [6, 2],
      ],
      [[7, 3]],
    ]);
  });

  it('names the listing when the batch is sent, so the product page announced after its first cards still names it', () => {
    const page: { product?: number } = {};
    const { sent, listing } = batches(page);
    listing.add('recommendation', card(1));
    page.product = 42;
    listing.flush();
    assert.deepEqual(
      sent.map((l) => l.list_id),
      ['recommendation-42'],
    );
  });

  it('sends nothing for a context that names no listing, nor for an empty batch', () => {
    const { sent, listing } = batches();
    listing.add('page', card(1));
    listing.flush();
    listing.flush();
    assert.deepEqual(sent, []);
  });

  it("splits a batch over the catalogue's 200 products a listing into events the relay takes", () => {
    const { sent, listing } = batches();
    for (let id = 1; id <= 201; id++) listing.add('collection', card(id));
    listing.flush();
    assert.deepEqual(
      sent.map((l) => [l.products.length, l.products[0]!.position]),
      [
        [200, 1],
        [1, 201],
      ],
    );
    for (const l of sent) assert.deepEqual(catalogueRefusals('viewList', l), []);
  });
});
