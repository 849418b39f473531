import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createListingCommands, PAGE_SIZES_KEY } from '../../../snippet/shopify-pixel/listing-commands.js';
import type { PixelCommand } from '../../../snippet/shopify-pixel/standard-events.js';
import { MemoryStore } from '../../helpers/snippet-fakes.js';
import { catalogueRefusals } from '../../helpers/catalogue.js';

// `collection_viewed` as a live store published it (digit-string ids, relative `product.url`; the
// Web Pixels types say "the first product variant for each product" and the page's products in order).
const variant = (product: string, handle: string, amount: number) => ({
  id: `4782561017884${product.slice(-1)}`,
  price: { amount, currencyCode: 'TWD' },
  product: {
    id: product,
    title: `標題 ${handle}`,
    untranslatedTitle: handle,
    type: '',
    url: `/products/${handle}`,
    vendor: 'x',
  },
  sku: '',
  title: 'Default Title',
});
const at = (href: string) => ({ document: { location: { href } } });
const collection = (href: string, variants: ReturnType<typeof variant>[]) => ({
  name: 'collection_viewed',
  context: at(href),
  data: { collection: { id: '466590564638', title: 'Hongseng', productVariants: variants } },
});
const PAGE_1 = [variant('9036816482590', 'bhu32f000291', 880), variant('9036816482591', 'bhu32f000292', 990)];
const PAGE_2 = [variant('9036816482593', 'bhu32f000293', 500)];

/** The tracker commands as the relay will name them, held to the catalogue's strict form. */
const refusals = (commands: PixelCommand[]) =>
  commands.flatMap((c) => (c[0] === 'track' ? catalogueRefusals(c[1], c[2]) : catalogueRefusals(c[0], c[1])));

describe("createListingCommands(store): Shopify's listing events as the tracker's commands", () => {
  it("sends collection_viewed as a listing of collection-<id>, positions going on at page 2 from page 1's size", () => {
    const store = new MemoryStore();
    const commands = createListingCommands(store);
    const first = commands(collection('https://shop.example/collections/hongseng', PAGE_1));
    assert.deepEqual(first, [
      [
        'viewList',
        {
          list_id: 'collection-466590564638',
          list_name: 'Hongseng',
          products: [
            {
              product_id: 9036816482590,
              position: 1,
              name: 'bhu32f000291',
              price: 880,
              currency: 'TWD',
              url: 'https://shop.example/products/bhu32f000291',
            },
            {
              product_id: 9036816482591,
              position: 2,
              name: 'bhu32f000292',
              price: 990,
              currency: 'TWD',
              url: 'https://shop.example/products/bhu32f000292',
            },
          ],
        },
      ],
    ]);
    assert.deepEqual(JSON.parse(store.get(PAGE_SIZES_KEY)!), { 'collection-466590564638': 2 });
    const second = createListingCommands(store)(collection('https://shop.example/collections/hongseng?page=2', PAGE_2));
    assert.deepEqual(
      (second[0]![1] as { products: { position: number }[] }).products.map((p) => p.position),
      [3],
    );
    assert.deepEqual(refusals([...first, ...second]), []);
  });

  it('numbers a page 2 seen without page 1 at its own size', () => {
    const commands = createListingCommands(new MemoryStore());
    const listed = commands(collection('https://shop.example/collections/hongseng?page=2', PAGE_1));
    assert.deepEqual(
      (listed[0]![1] as { products: { position: number }[] }).products.map((p) => p.position),
      [3, 4],
    );
  });

  it('sends search_submitted as a search (Shopify gives no total) and a listing named search', () => {
    const commands = createListingCommands(new MemoryStore());
    const sent = commands({
      name: 'search_submitted',
      context: at('https://shop.example/search?q=tea'),
      data: { searchResult: { query: ' tea ', productVariants: PAGE_1 } },
    });
    assert.deepEqual(
      sent.map((c) => [c[0], c[0] === 'search' ? c[1] : (c[1] as { list_id: string }).list_id]),
      [
        ['search', { query: 'tea' }],
        ['viewList', 'search'],
      ],
    );
    assert.deepEqual(refusals(sent), []);
  });

  it("sends a click on a link to a listed product, however the theme prefixes it, as Product Clicked of that listing; other clicks, or a click's null href, send nothing", () => {
    const commands = createListingCommands(new MemoryStore());
    commands(collection('https://shop.example/collections/hongseng', PAGE_1));
    const click = (href: string | null) => commands({ name: 'clicked', data: { element: { href, tagName: 'A' } } });
    const expected = [
      ['track', 'Product Clicked', { product_id: 9036816482591, position: 2, list_id: 'collection-466590564638' }],
    ];
    assert.deepEqual(click('https://shop.example/collections/hongseng/products/bhu32f000292?variant=1'), expected);
    assert.deepEqual(click('/en/products/bhu32f000292'), expected);
    assert.deepEqual(refusals(click('/products/bhu32f000292')), []);
    assert.deepEqual([click('/products/other'), click(null), click('/cart')], [[], [], []]);
  });

  it('sends nothing for a listing without products, and never throws on what an event carries', () => {
    const commands = createListingCommands(new MemoryStore());
    assert.deepEqual(commands(collection('https://shop.example/collections/x', [])), []);
    for (const data of [
      null,
      {},
      { collection: null },
      { collection: { id: null } },
      { searchResult: { query: null } },
      { element: null },
    ]) {
      for (const name of ['collection_viewed', 'search_submitted', 'clicked'])
        assert.doesNotThrow(() => commands({ name, data } as never));
    }
  });
});
