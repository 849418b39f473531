import type { ChangedPayload, PlatformKind } from '../connector.js';
import { fields, list, textOf } from '../mapping.js';
import type { ShopifyGraphql } from './shopify-graphql.js';
import { restOrder, restProduct } from './shopify-graphql-shapes.js';
import { ORDER_LINE_ITEMS, ORDERS_PAGE, PRODUCTS_PAGE } from './shopify-queries.js';

/** Shopify's search syntax for "updated since": `updated_at:>='2026-11-24T10:00:00Z'`. */
export const updatedSince = (since: number) =>
  `updated_at:>='${new Date(since).toISOString().replace(/\.\d{3}Z$/, 'Z')}'`;

/** An order's line items beyond the first page of its query. */
async function remainingLineItems(graphql: ShopifyGraphql, order: Record<string, unknown>): Promise<unknown[]> {
  const items = list(fields(order['lineItems'])['nodes']);
  let page = fields(fields(order['lineItems'])['pageInfo']);
  while (page['hasNextPage'] === true) {
    const data = await graphql.query(ORDER_LINE_ITEMS, { id: order['id'], after: page['endCursor'] });
    const connection = fields(fields(data['order'])['lineItems']);
    items.push(...list(connection['nodes']));
    page = fields(connection['pageInfo']);
  }
  return items;
}

async function toPayload(
  graphql: ShopifyGraphql,
  kind: PlatformKind,
  node: Record<string, unknown>,
): Promise<ChangedPayload> {
  const payload =
    kind === 'order'
      ? restOrder(node, await remainingLineItems(graphql, node))
      : restProduct(node, list(fields(node['variants'])['nodes']), list(fields(node['media'])['nodes']));
  return { payload, changedAt: Date.parse(textOf(node['updatedAt'])) || 0 };
}

/**
 * The orders or products of a Shopify store updated since `since`, oldest update first, through the
 * GraphQL Admin API (`sortKey: UPDATED_AT`, cursor pages: a keyset, so pages do not shift while the
 * store changes). Small pages keep each query's cost far below the 1,000-point limit.
 */
export async function* shopifyChanged(
  graphql: ShopifyGraphql,
  kind: PlatformKind,
  since: number,
): AsyncGenerator<ChangedPayload> {
  let after: unknown = null;
  do {
    const data = await graphql.query(kind === 'order' ? ORDERS_PAGE : PRODUCTS_PAGE, {
      first: kind === 'order' ? 10 : 5,
      after,
      query: updatedSince(since),
    });
    const connection = fields(data[`${kind}s`]);
    for (const node of list(connection['nodes'])) yield await toPayload(graphql, kind, fields(node));
    const page = fields(connection['pageInfo']);
    after = page['hasNextPage'] === true ? page['endCursor'] : null;
  } while (after);
}
