import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, StandIn } from '../../helpers/platform-standins.js';
import { bulkFile } from './graphql-records.js';

type Row = Record<string, unknown>;

/** A Dev Dashboard app's credentials, as the stand-in's client credentials grant knows them. */
export const SHOPIFY_TOKEN = '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';
export const SHOPIFY_CLIENT_ID = '3f1c0e9a7b5d4c2e8f6a1b0c9d8e7f6a';
export const SHOPIFY_CLIENT_SECRET = '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';

const THROTTLED = {
  errors: [
    {
      message: 'Throttled',
      extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
    },
  ],
};
const cost = (available: number) => ({
  cost: {
    requestedQueryCost: 572,
    actualQueryCost: 572,
    throttleStatus: { maximumAvailable: 2000, currentlyAvailable: available, restoreRate: 1000 },
  },
});

const PROTECTED = ['email', 'phone', 'billingAddress', 'shippingAddress', 'customer'];

/**
 * What Shopify does to an app without protected customer data (shopify.dev, *Protected customer
 * data*): HTTP 200, the fields null, and an error per field with its path and the message
 * "This app is not approved to access the Customer object. See … for more details.".
 */
function withhold(data: Row): Row[] {
  const orders = (data['orders'] as { nodes?: Row[] } | undefined)?.nodes ?? [];
  return orders.flatMap((order, i) =>
    PROTECTED.filter((field) => field in order).map((field) => {
      order[field] = null;
      return {
        message:
          'This app is not approved to access the Customer object. See https://partners.shopify.com/123/apps/456/customer_data for more details.',
        locations: [{ line: 1, column: 1 }],
        path: ['orders', 'nodes', i, field],
      };
    }),
  );
}

/** `updated_at:>='…'` of a search query, in epoch ms. */
const since = (query: unknown) => Date.parse(/updated_at:>='([^']+)'/.exec(String(query ?? ''))?.[1] ?? '') || 0;

function page(rows: Row[], variables: Row, first: number): { nodes: Row[]; pageInfo: Row } {
  const all = rows
    .filter((r) => Date.parse(String(r['updatedAt'])) >= since(variables['query']))
    .sort((a, b) => String(a['updatedAt']).localeCompare(String(b['updatedAt'])));
  const offset = variables['after'] ? Number(Buffer.from(String(variables['after']), 'base64').toString()) : 0;
  const end = offset + first;
  return {
    nodes: all.slice(offset, end),
    pageInfo: { hasNextPage: end < all.length, endCursor: Buffer.from(String(end)).toString('base64') },
  };
}

function connection(items: unknown[], first: number, after?: unknown): Row {
  const offset = after ? Number(Buffer.from(String(after), 'base64').toString()) : 0;
  const end = offset + first;
  return {
    nodes: items.slice(offset, end),
    pageInfo: { hasNextPage: end < items.length, endCursor: Buffer.from(String(end)).toString('base64') },
  };
}

/**
 * A bulk file. Grouped: each parent, then half of the children right after it and the other half
 * at the very end (Shopify promises only "after"). Ungrouped, as 2026-01 writes one unless asked:
 * the first child of each parent at the very start, before its parent.
 */
/**
 * Shopify's GraphQL Admin API (2026-10) as the relay uses it: `X-Shopify-Access-Token`, cost
 * extensions and one `THROTTLED` answer, cursor pages sorted by `UPDATED_AT` and filtered by
 * `updated_at:>=`, bulk operations (RUNNING, then COMPLETED with a JSONL file on this server),
 * webhook subscriptions.
 */
export class ShopifyGraphqlStandIn extends StandIn {
  readonly operations: string[] = [];
  /** The `updated_at:>=` of each page of orders and products asked for, in epoch ms (0 = none). */
  readonly cursorsAsked: { kind: 'order' | 'product'; since: number }[] = [];
  readonly subscriptions: { id: string; topic: string; uri: string }[] = [];
  bulkQueries: string[] = [];
  /** Whether each bulk run asked for grouped output (`groupObjects: true`); without it the file is written ungrouped. */
  readonly bulkGrouped: boolean[] = [];
  /** Writes the file ungrouped even when asked: a file that breaks the promise the relay reads it by. */
  ignoresGrouping = false;
  /** Seconds a token of the client credentials grant lives (Shopify: 86,399). */
  tokenLifetimeS = 86_399;
  /** Tokens the grant answered, and when each stops working (epoch ms). */
  readonly minted = new Map<string, number>();
  /** GraphQL calls refused because their token had expired. */
  expiredRefusals = 0;
  /** When the last GraphQL call was answered with a token that worked (epoch ms). */
  lastServedAt = 0;
  /** Status polls a bulk operation answers RUNNING before COMPLETED: the relay waits 0.5 s, then 1 s, 2 s… between them. */
  bulkPollsRunning = 1;
  /** The Admin API versions served; any other is answered as the oldest, as Shopify falls forward. */
  supportedVersions = ['2026-01', '2026-04', '2026-07', '2026-10'];
  /** Whether the app lacks protected customer data: orders come with those fields null and an error per field. */
  withholdCustomerData = false;
  /** The access scopes the token has, as `currentAppInstallation` lists them. */
  scopes = ['read_orders', 'write_products', 'read_all_orders'];
  private throttledOnce = false;
  private polls = 0;

  constructor(
    private readonly orders: Row[],
    private readonly products: Row[],
  ) {
    super((req, url, res) => this.handle(req, url, res));
  }

  private handle(req: IncomingMessage, url: URL, res: ServerResponse): void {
    if (req.method === 'GET' && url.pathname.startsWith('/bulk/'))
      return void res
        .writeHead(200, { 'content-type': 'application/jsonl' })
        .end(
          bulkFile(
            url.pathname.includes('orders') ? 'orders' : 'products',
            url.pathname.includes('orders') ? this.orders : this.products,
            this.bulkGrouped.at(-1) === true && !this.ignoresGrouping,
          ),
        );
    if (req.method === 'POST' && url.pathname === '/admin/oauth/access_token') return this.grant(req, res);
    if (!this.tokenWorks(req.headers['x-shopify-access-token']))
      return json(res, 401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    const version = /^\/admin\/api\/([^/]+)\/graphql\.json$/.exec(url.pathname)?.[1];
    if (!version) return json(res, 404, { errors: 'Not Found' });
    res.setHeader('x-shopify-api-version', this.servedVersion(version));
    this.lastServedAt = Date.now();
    this.graphql(req, res);
  }

  /** Shopify answers a version it no longer serves with its oldest supported one. */
  private servedVersion(asked: string): string {
    return this.supportedVersions.includes(asked) ? asked : (this.supportedVersions[0] ?? asked);
  }

  /** One GraphQL call: the operation's answer, throttled once (the second call), fields withheld when asked. */
  private graphql(req: IncomingMessage, res: ServerResponse): void {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const { query, variables = {} } = JSON.parse(text) as { query: string; variables?: Row };
      const operation = /(?:query|mutation) (\w+)/.exec(query)?.[1] ?? '';
      this.operations.push(operation);
      if (operation === 'ShopbeaconBulk') this.bulkGrouped.push(/\bgroupObjects:\s*true\b/.test(query));
      if (this.operations.length === 2 && !this.throttledOnce) {
        this.throttledOnce = true;
        return json(res, 200, { ...THROTTLED, extensions: cost(500) });
      }
      const data = this.answer(operation, variables);
      const errors = this.withholdCustomerData ? withhold(data) : [];
      json(res, 200, { data, ...(errors.length > 0 ? { errors } : {}), extensions: cost(1800) });
    });
  }

  private tokenWorks(header: string | string[] | undefined): boolean {
    const token = String(header ?? '');
    if (token === SHOPIFY_TOKEN) return true;
    const expiresAt = this.minted.get(token);
    if (expiresAt !== undefined && expiresAt <= Date.now()) this.expiredRefusals += 1;
    return expiresAt !== undefined && expiresAt > Date.now();
  }

  /**
   * The client credentials grant as shopify.dev documents it: a form with grant_type, client_id and
   * client_secret; `{access_token, scope, expires_in}`; a wrong client answered 400 `invalid_client`
   * as Shopify's own library tests it (@shopify/shopify-api, client-credentials.test.ts).
   */
  private grant(req: IncomingMessage, res: ServerResponse): void {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(text);
      if (
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_id') !== SHOPIFY_CLIENT_ID ||
        form.get('client_secret') !== SHOPIFY_CLIENT_SECRET
      ) {
        return json(res, 400, { error: 'invalid_client', error_description: 'Client authentication failed' });
      }
      const token = `shpat_minted_${this.minted.size + 1}_${Math.random().toString(16).slice(2, 10)}`;
      this.minted.set(token, Date.now() + this.tokenLifetimeS * 1000);
      json(res, 200, { access_token: token, scope: this.scopes.join(','), expires_in: this.tokenLifetimeS });
    });
  }

  private answer(operation: string, variables: Row): Row {
    return this.operationsByName[operation]?.(variables) ?? {};
  }

  private readonly operationsByName: Record<string, (variables: Row) => Row> = {
    ShopbeaconOrders: (variables) => {
      this.cursorsAsked.push({ kind: 'order', since: since(variables['query']) });
      const { nodes, pageInfo } = page(this.orders, variables, Number(variables['first']));
      return {
        orders: {
          nodes: nodes.map((o) => ({ ...o, lineItems: connection(o['lineItems'] as unknown[], 50) })),
          pageInfo,
        },
      };
    },
    ShopbeaconLineItems: (variables) => ({
      order: {
        lineItems: connection(
          (this.orders.find((o) => o['id'] === variables['id'])?.['lineItems'] as unknown[]) ?? [],
          250,
          variables['after'],
        ),
      },
    }),
    ShopbeaconProducts: (variables) => {
      this.cursorsAsked.push({ kind: 'product', since: since(variables['query']) });
      const { nodes, pageInfo } = page(this.products, variables, Number(variables['first']));
      return {
        products: {
          nodes: nodes.map((p) => ({ ...p, variants: { nodes: p['variants'] }, media: { nodes: p['media'] } })),
          pageInfo,
        },
      };
    },
    ShopbeaconBulk: (variables) => {
      this.bulkQueries.push(String(variables['query']));
      this.polls = 0;
      return {
        bulkOperationRunQuery: {
          bulkOperation: { id: `gid://shopify/BulkOperation/${this.bulkQueries.length}`, status: 'CREATED' },
          userErrors: [],
        },
      };
    },
    ShopbeaconBulkStatus: (variables) => {
      const kind = (this.bulkQueries.at(-1) ?? '').includes('orders(') ? 'orders' : 'products';
      this.polls += 1;
      return {
        node:
          this.polls <= this.bulkPollsRunning
            ? { id: variables['id'], status: 'RUNNING' }
            : {
                id: variables['id'],
                status: 'COMPLETED',
                objectCount: '1',
                url: `${this.url}/bulk/${kind}-${this.bulkQueries.length}.jsonl`,
              },
      };
    },
    ShopbeaconProtectedData: () => ({
      orders: {
        nodes: this.orders.slice(0, 1).map((o) => ({
          id: o['id'],
          email: o['email'],
          phone: o['phone'],
          billingAddress: o['billingAddress'],
          customer: o['customer'],
        })),
      },
    }),
    ShopbeaconShopCurrency: () => ({ shop: { currencyCode: 'EUR' } }),
    ShopbeaconAccessScopes: () => ({
      currentAppInstallation: { accessScopes: this.scopes.map((handle) => ({ handle })) },
    }),
    ShopbeaconSubscriptions: (variables) => ({
      webhookSubscriptions: connection(this.subscriptions, 100, variables['after']),
    }),
    ShopbeaconSubscribe: (variables) => {
      const subscription = {
        id: `gid://shopify/WebhookSubscription/${this.subscriptions.length + 1}`,
        topic: String(variables['topic']),
        uri: String(variables['uri']),
      };
      this.subscriptions.push(subscription);
      return { webhookSubscriptionCreate: { webhookSubscription: { id: subscription.id }, userErrors: [] } };
    },
  };
}
