import type { ConnectOptions, ConnectReport } from '../connect-report.js';
import { fields, list } from '../mapping.js';
import { PlatformApiError } from '../platform-api-error.js';
import type { ShopifyGraphql } from './shopify-graphql.js';
import { SHOPIFY } from './shopify-platform.js';
import { ACCESS_SCOPES, SUBSCRIBE, SUBSCRIPTIONS } from './shopify-queries.js';

/** The GraphQL topic of a webhook topic the relay takes: `orders/create` → `ORDERS_CREATE`. */
export const graphqlTopic = (topic: string) => topic.toUpperCase().replace('/', '_');

/** The relay's endpoint behind its public base. */
export const shopifyEndpoint = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/webhooks/shopify`;

async function subscriptions(graphql: ShopifyGraphql): Promise<{ topic: string; uri: string }[]> {
  const found: { topic: string; uri: string }[] = [];
  let after: unknown = null;
  do {
    const connection = fields((await graphql.query(SUBSCRIPTIONS, { after }))['webhookSubscriptions']);
    for (const node of list(connection['nodes']).map(fields)) found.push({ topic: String(node['topic']), uri: String(node['uri'] ?? '') });
    const page = fields(connection['pageInfo']);
    after = page['hasNextPage'] === true ? page['endCursor'] : null;
  } while (after);
  return found;
}

async function subscribe(graphql: ShopifyGraphql, topic: string, uri: string): Promise<void> {
  const answer = fields((await graphql.query(SUBSCRIBE, { topic, uri }))['webhookSubscriptionCreate']);
  const problems = list(answer['userErrors']).map((e) => String(fields(e)['message']));
  if (problems.length > 0) throw new PlatformApiError(`Shopify did not create the ${topic} subscription: ${problems.join('; ')}`);
}

/** The topics the relay takes that have no subscription to `uri`. */
async function missingTopics(graphql: ShopifyGraphql, uri: string): Promise<string[]> {
  const existing = await subscriptions(graphql);
  return Object.keys(SHOPIFY.topics).map(graphqlTopic).filter((topic) => !existing.some((s) => s.topic === topic && s.uri.replace(/\/+$/, '') === uri));
}

/** Subscriptions Shopify deleted (it does after 8 failed tries over 4 hours) are created again; how many. */
export async function resubscribeMissing(graphql: ShopifyGraphql, publicUrl: string): Promise<number> {
  const uri = shopifyEndpoint(publicUrl);
  const missing = await missingTopics(graphql, uri);
  for (const topic of missing) await subscribe(graphql, topic, uri);
  return missing.length;
}

/**
 * `shopbeacon connect shopify`: a subscription per topic the relay takes (`webhookSubscriptionCreate`,
 * JSON) to `<public URL>/webhooks/shopify`; existing ones are kept, never created twice. Shopify
 * signs them with the app's client secret, which the relay needs as `SHOPBEACON_SHOPIFY_SECRET`.
 */
export async function connectShopify(graphql: ShopifyGraphql, shop: string, options: ConnectOptions): Promise<ConnectReport> {
  if (!options.publicUrl) throw new Error('--public-url is required: the address Shopify reaches the relay at, e.g. https://shop.example/sb');
  const scopes = await missingScopes(graphql);
  if (scopes.required.length > 0) return { steps: scopes.required.map((scope) => `missing: the ${scope} access scope (the app's Admin API configuration)`), env: [], ok: false };
  const uri = shopifyEndpoint(options.publicUrl);
  const missing = await missingTopics(graphql, uri);
  const steps = Object.keys(SHOPIFY.topics).map(graphqlTopic).map((topic) => (missing.includes(topic) ? `${options.dryRun ? 'would create' : 'created'} ${topic} → ${uri}` : `${options.dryRun ? 'would keep' : 'kept'} ${topic} → ${uri}`));
  if (!options.dryRun) for (const topic of missing) await subscribe(graphql, topic, uri);
  const env = ['SHOPBEACON_SHOPIFY_SECRET=<the app\'s client secret: Shopify signs these webhooks with it>', `SHOPBEACON_SHOPIFY_SHOP=${shop}`, 'SHOPBEACON_SHOPIFY_ADMIN_TOKEN=… (as set)', `SHOPBEACON_PUBLIC_URL=${options.publicUrl}`];
  return { steps: [...steps, ...scopes.notes], env, ok: true };
}

/** Scopes the sync needs (a `write_` scope includes its `read_`); `read_all_orders` only widens the history past 60 days. */
async function missingScopes(graphql: ShopifyGraphql): Promise<{ required: string[]; notes: string[] }> {
  const granted = list(fields((await graphql.query(ACCESS_SCOPES))['currentAppInstallation'])['accessScopes']).map((s) => String(fields(s)['handle']));
  const has = (scope: string) => granted.includes(scope) || granted.includes(scope.replace(/^read_/, 'write_'));
  const required = ['read_orders', 'read_products'].filter((scope) => !has(scope));
  const notes = has('read_all_orders') ? [] : ['note: without the read_all_orders scope Shopify shows only the last 60 days of orders, so the history stops there'];
  return { required, notes };
}
