import type { ConnectOptions, ConnectReport } from '../connect-report.js';
import type { OwnedWebhooks } from '../connector.js';
import { fields, list } from '../mapping.js';
import { PlatformApiError } from '../platform-api-error.js';
import type { ShopifyGraphql } from './shopify-graphql.js';
import { SHOPIFY } from './shopify-platform.js';
import { ACCESS_SCOPES, PROTECTED_DATA_PROBE, SUBSCRIBE, SUBSCRIPTIONS } from './shopify-queries.js';

/** The GraphQL topic of a webhook topic the relay takes: `orders/create` → `ORDERS_CREATE`. */
const graphqlTopic = (topic: string) => topic.toUpperCase().replace('/', '_');

/** The relay's endpoint behind its public base. */
const shopifyEndpoint = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/webhooks/shopify`;

interface Subscription {
  id: string;
  topic: string;
  uri: string;
}

/** The app's subscriptions: the Admin API never lists those made in the Shopify admin (Settings › Notifications). */
async function subscriptions(graphql: ShopifyGraphql): Promise<Subscription[]> {
  const found: Subscription[] = [];
  let after: unknown = null;
  do {
    const connection = fields((await graphql.query(SUBSCRIPTIONS, { after }))['webhookSubscriptions']);
    for (const node of list(connection['nodes']).map(fields))
      found.push({
        id: String(node['id']),
        topic: String(node['topic']),
        uri: String(node['uri'] ?? '').replace(/\/+$/, ''),
      });
    const page = fields(connection['pageInfo']);
    after = page['hasNextPage'] === true ? page['endCursor'] : null;
  } while (after);
  return found;
}

/** Creates one subscription; its id. */
async function subscribe(graphql: ShopifyGraphql, topic: string, uri: string): Promise<string> {
  const answer = fields((await graphql.query(SUBSCRIBE, { topic, uri }))['webhookSubscriptionCreate']);
  const problems = list(answer['userErrors']).map((e) => String(fields(e)['message']));
  if (problems.length > 0)
    throw new PlatformApiError(`Shopify did not create the ${topic} subscription: ${problems.join('; ')}`);
  return String(fields(answer['webhookSubscription'])['id'] ?? '');
}

/** Every topic the relay takes, as GraphQL names it: records, product deletions, the app's uninstall. */
const SUBSCRIBED_TOPICS = [
  ...Object.keys(SHOPIFY.topics),
  ...(SHOPIFY.productDeletions ?? []),
  ...Object.keys(SHOPIFY.accessEnded ?? {}),
].map(graphqlTopic);

/** The topics the relay takes that have no subscription to `uri`. */
async function missingTopics(graphql: ShopifyGraphql, uri: string): Promise<string[]> {
  const existing = await subscriptions(graphql);
  return SUBSCRIBED_TOPICS.filter((topic) => !existing.some((s) => s.topic === topic && s.uri === uri));
}

/** How a subscription is remembered: its topic and address. */
const ownedKey = (topic: string, uri: string) => `${topic} ${uri}`;

/**
 * Subscriptions Shopify deleted (it does after 8 failed tries over 4 hours) are created again, but
 * only those this relay has seen as the app's own at `uri` (made by `connect`): a shop whose
 * webhooks were made by hand in its admin gets no second set signed with another secret, one of
 * which would fail and be deleted and made again for ever. How many it made.
 */
export async function resubscribeMissing(
  graphql: ShopifyGraphql,
  publicUrl: string,
  owned: OwnedWebhooks,
): Promise<number> {
  const uri = shopifyEndpoint(publicUrl);
  const existing = (await subscriptions(graphql)).filter((s) => s.uri === uri);
  await owned.remember(new Map(existing.map((s) => [ownedKey(s.topic, s.uri), s.id])));
  const known = await owned.recall();
  const missing = SUBSCRIBED_TOPICS.filter(
    (topic) => known.has(ownedKey(topic, uri)) && !existing.some((s) => s.topic === topic),
  );
  for (const topic of missing)
    await owned.remember(new Map([[ownedKey(topic, uri), await subscribe(graphql, topic, uri)]]));
  return missing.length;
}

/** How the relay reaches the Admin API, as `connect` says it. */
export type ShopifyPath = 'client credentials' | 'admin token';

const PATH_LINES: Record<ShopifyPath, string> = {
  'client credentials':
    "path: a Dev Dashboard app's client credentials (the relay mints its Admin API token and renews it every 24 hours)",
  'admin token': "path: a legacy custom app's Admin API token (apps made in the Shopify admin before 2026)",
};

/**
 * Whether Shopify withholds an order's protected customer fields from this app: the line naming
 * what to request, if so.
 */
async function withheldCustomerData(graphql: ShopifyGraphql): Promise<string | undefined> {
  await graphql.query(PROTECTED_DATA_PROBE);
  return graphql.drainNotes().find((note) => note.startsWith('Shopify withheld'));
}

/**
 * `shopbeacon connect shopify`: a subscription per topic the relay takes (`webhookSubscriptionCreate`,
 * JSON) to `<public URL>/webhooks/shopify`; existing ones are kept, never created twice. Shopify
 * signs them with the app's client secret, which the relay needs as `SHOPBEACON_SHOPIFY_SECRET`.
 * Nothing is created while a scope or the protected customer data is missing.
 */
export async function connectShopify(
  graphql: ShopifyGraphql,
  shop: string,
  path: ShopifyPath,
  options: ConnectOptions,
): Promise<ConnectReport> {
  if (!options.publicUrl)
    throw new Error('--public-url is required: the address Shopify reaches the relay at, e.g. https://sb.shop.example');
  const scopes = await missingScopes(graphql);
  if (scopes.required.length > 0)
    return {
      steps: [
        PATH_LINES[path],
        ...scopes.required.map((scope) => `missing: the ${scope} access scope (the app's Admin API configuration)`),
      ],
      env: [],
      ok: false,
    };
  const withheld = await withheldCustomerData(graphql);
  if (withheld) return { steps: [PATH_LINES[path], `missing: ${withheld}`], env: [], ok: false };
  const uri = shopifyEndpoint(options.publicUrl);
  const missing = await missingTopics(graphql, uri);
  const steps = SUBSCRIBED_TOPICS.map((topic) =>
    missing.includes(topic)
      ? `${options.dryRun ? 'would create' : 'created'} ${topic} → ${uri}`
      : `${options.dryRun ? 'would keep' : 'kept'} ${topic} → ${uri}`,
  );
  if (!options.dryRun) for (const topic of missing) await subscribe(graphql, topic, uri);
  const credentials =
    path === 'client credentials'
      ? [
          'SHOPBEACON_SHOPIFY_CLIENT_ID=… (as set)',
          "SHOPBEACON_SHOPIFY_SECRET=… (as set: the app's client secret, which also signs these webhooks)",
        ]
      : [
          "SHOPBEACON_SHOPIFY_SECRET=<the app's API secret key: Shopify signs these webhooks with it>",
          'SHOPBEACON_SHOPIFY_ADMIN_TOKEN=… (as set)',
        ];
  const env = [...credentials, `SHOPBEACON_SHOPIFY_SHOP=${shop}`, `SHOPBEACON_PUBLIC_URL=${options.publicUrl}`];
  return { steps: [PATH_LINES[path], ...steps, ...scopes.notes], env, ok: true };
}

/**
 * Scopes the sync needs (a `write_` scope includes its `read_`); `read_all_orders` only widens the
 * history past 60 days.
 */
async function missingScopes(graphql: ShopifyGraphql): Promise<{ required: string[]; notes: string[] }> {
  const granted = list(fields((await graphql.query(ACCESS_SCOPES))['currentAppInstallation'])['accessScopes']).map(
    (s) => String(fields(s)['handle']),
  );
  const has = (scope: string) => granted.includes(scope) || granted.includes(scope.replace(/^read_/, 'write_'));
  const required = ['read_orders', 'read_products'].filter((scope) => !has(scope));
  const notes = has('read_all_orders')
    ? []
    : [
        'note: without the read_all_orders scope Shopify shows only the last 60 days of orders, so the history stops there',
      ];
  return { required, notes };
}
