/**
 * The GraphQL Admin API (2026-10) selections the mapping needs. A query's cost is about its
 * `first` sizes multiplied; a page of 10 orders with 50 line items each stays well below the
 * 1,000-point limit of one query.
 */
const ADDRESS = 'firstName lastName phone city zip country countryCodeV2';
const LINE_ITEM =
  'quantity sku name title product { id } variant { id } originalUnitPriceSet { shopMoney { amount } } taxLines { priceSet { shopMoney { amount } } }';
const ORDER = `id createdAt updatedAt closedAt cancelledAt sourceName email phone currencyCode displayFinancialStatus displayFulfillmentStatus
  totalPriceSet { shopMoney { amount currencyCode } }
  billingAddress { ${ADDRESS} } shippingAddress { ${ADDRESS} }
  customer { firstName lastName defaultAddress { city zip countryCodeV2 } }`;
const PRODUCT = `id title handle status productType descriptionHtml publishedAt updatedAt priceRangeV2 { minVariantPrice { amount } }
  media(first: 2) { nodes { ... on MediaImage { image { url } } } }`;
const VARIANT = 'price compareAtPrice sku';

export const ORDERS_PAGE = `query ShopbeaconOrders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes { ${ORDER} lineItems(first: 50) { pageInfo { hasNextPage endCursor } nodes { ${LINE_ITEM} } } }
  }
}`;

/** The rest of an order's line items, when it has more than a page holds. */
export const ORDER_LINE_ITEMS = `query ShopbeaconLineItems($id: ID!, $after: String) {
  order(id: $id) { lineItems(first: 250, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${LINE_ITEM} } } }
}`;

export const PRODUCTS_PAGE = `query ShopbeaconProducts($first: Int!, $after: String, $query: String) {
  products(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes { ${PRODUCT} variants(first: 100) { nodes { ${VARIANT} } } }
  }
}`;

/**
 * The history as one bulk operation: no cost limit, and each nested connection's nodes as lines of
 * their own with `__parentId` (and `__typename`, to tell a product's variants from its images).
 */
export function bulkQuery(kind: 'order' | 'product', filter: string): string {
  const query = JSON.stringify(filter);
  if (kind === 'order')
    return `{ orders(query: ${query}) { edges { node { ${ORDER} lineItems { edges { node { __typename ${LINE_ITEM} } } } } } } }`;
  const media = 'media { edges { node { __typename ... on MediaImage { image { url } } } } }';
  return `{ products(query: ${query}) { edges { node { ${PRODUCT.replace(/media\(first: 2\)[^\n]*/, media)} variants { edges { node { __typename ${VARIANT} } } } } } } }`;
}

// Grouped: since 2026-01 Shopify writes a parent's children anywhere in the file unless asked
// (its changelog: "To maintain grouped output: Set groupObjects: true"), in every version since 2025-07.
export const BULK_RUN = `mutation ShopbeaconBulk($query: String!) {
  bulkOperationRunQuery(query: $query, groupObjects: true) { bulkOperation { id status } userErrors { field message } }
}`;

export const BULK_STATUS = `query ShopbeaconBulkStatus($id: ID!) {
  node(id: $id) { ... on BulkOperation { id status errorCode objectCount url } }
}`;

export const SUBSCRIPTIONS = `query ShopbeaconSubscriptions($after: String) {
  webhookSubscriptions(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { id topic uri } }
}`;

export const SUBSCRIBE = `mutation ShopbeaconSubscribe($topic: WebhookSubscriptionTopic!, $uri: String!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri, format: JSON }) { webhookSubscription { id } userErrors { field message } }
}`;

/**
 * The store's currency, for products when `SHOPBEACON_SHOP_CURRENCY` is unset (a price carries none
 * in the product's selection).
 */
export const SHOP_CURRENCY = 'query ShopbeaconShopCurrency { shop { currencyCode } }';

/** The scopes the token was granted (`currentAppInstallation`), for `connect shopify` to name what is missing. */
export const ACCESS_SCOPES = 'query ShopbeaconAccessScopes { currentAppInstallation { accessScopes { handle } } }';

/** One order's protected customer fields, for `connect shopify` to learn whether Shopify withholds them. */
export const PROTECTED_DATA_PROBE = `query ShopbeaconProtectedData { orders(first: 1) { nodes { id email phone billingAddress { ${ADDRESS} } customer { firstName lastName } } } }`;
