import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { updatedSince } from '../../../../relay/platforms/shopify/shopify-pages.js';
import { bulkQuery, ORDERS_PAGE, PRODUCTS_PAGE } from '../../../../relay/platforms/shopify/shopify-queries.js';

const FILTER = updatedSince(Date.UTC(2026, 10, 24, 10));

/** How a connection is walked, not what is read: pages have nodes and cursors, a bulk file edges and types. */
const WALKING = new Set(['edges', 'node', 'nodes', 'pageInfo', 'hasNextPage', 'endCursor', '__typename']);

/** The field names a query selects (and its fragments' types), without arguments, strings or its operation's name. */
function selected(query: string): string[] {
  const names = query
    .replace(/"(?:[^"\\]|\\.)*"/g, '')
    .replace(/\([^)]*\)/g, '')
    .replace(/^(query|mutation) \w+/, '')
    .match(/[A-Za-z_]\w*/g);
  return [...new Set((names ?? []).filter((name) => !WALKING.has(name)))].sort();
}

/** Whether every `{` opens the selection of a field (or the document) and has its `}`, in order. */
function wellFormed(query: string): boolean {
  const text = query.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  if (/[^\w)\s]\s*\{/.test(text.slice(1)) || !text.startsWith('{')) return false;
  let depth = 0;
  for (const c of text) {
    depth += c === '{' ? 1 : c === '}' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth === 0;
}

describe('bulkQuery(kind, filter)', () => {
  it('reads every field the cursor pages read, for orders and for products: both become the same REST shape', () => {
    assert.deepEqual(selected(bulkQuery('order', FILTER)), selected(ORDERS_PAGE));
    assert.deepEqual(selected(bulkQuery('product', FILTER)), selected(PRODUCTS_PAGE));
    assert.ok(selected(PRODUCTS_PAGE).includes('media') && selected(PRODUCTS_PAGE).includes('url'));
  });

  it("asks for each child's type (a product's variants and images share its lines) and for no page size, each selection under its field", () => {
    const product = bulkQuery('product', FILTER);
    const order = bulkQuery('order', FILTER);
    for (const query of [product, order]) {
      assert.ok(wellFormed(query), query);
      assert.doesNotMatch(query, /\bfirst\s*:/, 'a bulk operation reads whole connections');
    }
    assert.ok(product.includes('media { edges { node { __typename ... on MediaImage { image { url } } } } }'), product);
    assert.ok(product.includes('variants { edges { node { __typename price compareAtPrice sku } } }'), product);
    assert.match(order, /lineItems \{ edges \{ node \{ __typename quantity /);
  });

  it('writes the search filter as one GraphQL string, its own quotes escaped', () => {
    assert.ok(
      bulkQuery('order', FILTER).startsWith(`{ orders(query: "updated_at:>='2026-11-24T10:00:00Z'") { edges {`),
    );
    assert.ok(bulkQuery('product', 'title:"a \\ b"').startsWith('{ products(query: "title:\\"a \\\\ b\\"") {'));
  });
});
