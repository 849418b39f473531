import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChangedPayload, PlatformKind } from '../../../../relay/platforms/connector.js';
import { PlatformApiError } from '../../../../relay/platforms/platform-api-error.js';
import { PlatformClient } from '../../../../relay/platforms/platform-client.js';
import { shopifyHistory } from '../../../../relay/platforms/shopify/shopify-bulk.js';
import { ShopifyGraphql } from '../../../../relay/platforms/shopify/shopify-graphql.js';
import { updatedSince } from '../../../../relay/platforms/shopify/shopify-pages.js';
import { SHOPIFY_API_VERSION } from '../../../../relay/platforms/shopify/shopify-settings.js';
import { fixedToken } from '../../../../relay/platforms/shopify/shopify-token.js';
import { json, StandIn } from '../../../helpers/platform-standins.js';
import { shopifyGraphqlOrders, shopifyGraphqlProducts } from '../../../connectors/shopify/graphql-records.js';

type Row = Record<string, unknown>;

interface Script {
  /** `userErrors` of `bulkOperationRunQuery`. */
  userErrors?: { field: string[] | null; message: string }[];
  /** The operation's answers to each status poll, in turn; `url: 'FILE'` is the file on this server. */
  polls: Row[];
  /** The JSONL file, and the status it is answered with. */
  file?: string;
  fileStatus?: number;
}

/**
 * Shopify's GraphQL Admin API on loopback for one bulk operation, as `script` says, with its file;
 * what it was asked, and how long the history waited between polls.
 */
async function bulkShop(t: TestContext, script: Script) {
  const asked: { operation: string; variables: Row }[] = [];
  const shop = new StandIn((req, url, res) => {
    if (req.method === 'GET' && url.pathname === '/bulk/operation-1.jsonl')
      return void res
        .writeHead(script.fileStatus ?? 200, { 'content-type': 'application/jsonl' })
        .end(script.file ?? '');
    let text = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const { query, variables } = JSON.parse(text) as { query: string; variables: Row };
      const operation = /(?:query|mutation) (\w+)/.exec(query)?.[1] ?? '';
      asked.push({ operation, variables });
      if (operation === 'ShopbeaconBulk')
        return json(res, 200, {
          data: {
            bulkOperationRunQuery: {
              bulkOperation: { id: 'gid://shopify/BulkOperation/1', status: 'CREATED' },
              userErrors: script.userErrors ?? [],
            },
          },
        });
      const poll = script.polls.shift() ?? { status: 'RUNNING' };
      const node = {
        id: variables['id'],
        ...poll,
        ...(poll['url'] === 'FILE' ? { url: `${shop.url}/bulk/operation-1.jsonl` } : {}),
      };
      json(res, 200, { data: { node } });
    });
  });
  await shop.start();
  t.after(() => shop.close());
  const graphql = new ShopifyGraphql(
    new PlatformClient({ platform: 'Shopify', wait: async () => undefined }),
    { shop: shop.url, token: fixedToken('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'), apiVersion: SHOPIFY_API_VERSION },
    async () => undefined,
  );
  const waits: number[] = [];
  const history = (kind: PlatformKind, since = 0) =>
    shopifyHistory(graphql, kind, since, async (ms) => void waits.push(ms));
  const downloads = () => shop.served.filter((s) => s.path.startsWith('/bulk/')).length;
  return { asked, waits, history, downloads };
}

/** `os.tmpdir()` pointed at a folder of this test's own, to see what the history leaves in it. */
function ownTmpdir(t: TestContext): string {
  const before = process.env['TMPDIR'];
  const folder = mkdtempSync(join(tmpdir(), 'sb-bulk-test-'));
  process.env['TMPDIR'] = folder;
  t.after(() => {
    if (before === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = before;
    rmSync(folder, { recursive: true, force: true });
  });
  return folder;
}

async function all(items: AsyncIterable<ChangedPayload>): Promise<ChangedPayload[]> {
  const found: ChangedPayload[] = [];
  for await (const item of items) found.push(item);
  return found;
}

async function refusal(items: AsyncIterable<ChangedPayload>): Promise<PlatformApiError> {
  const error = await all(items).then(
    () => assert.fail('the history was read'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof PlatformApiError, String(error));
  return error;
}

const COMPLETED = { status: 'COMPLETED', objectCount: '6', url: 'FILE' };

/** Orders as the bulk file writes them: the order's own fields on its line, each line item on one of its own. */
const [, first, second] = shopifyGraphqlOrders(3).map((row) => {
  const { lineItems, ...order } = row as Row & { lineItems: Row[] };
  const items = lineItems.map((li) => ({ __typename: 'LineItem', ...li, __parentId: order['id'] }));
  return { order, items, id: BigInt(String(order['id']).replace(/\D/g, '')) };
}) as { order: Row; items: Row[]; id: bigint }[];
const jsonl = (...rows: unknown[]) => `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`;

/** What each payload is: its id and its line items' SKUs. */
const orderLines = (found: ChangedPayload[]) =>
  found.map(({ payload }) => {
    const order = payload as { id: unknown; line_items: { sku: unknown }[] };
    return [order.id, order.line_items.map((li) => li.sku)];
  });

describe('shopifyHistory(graphql, kind, since, wait)', () => {
  it('asks for everything updated since `since` and reads each order with all its line items, however far after it they are written, from the end of the file', async (t) => {
    const since = Date.UTC(2024, 11, 3);
    const shop = await bulkShop(t, {
      polls: [COMPLETED],
      file: jsonl(first!.order, first!.items[0], second!.order, second!.items[0], first!.items[1], second!.items[1]),
    });
    const found = await all(shop.history('order', since));
    assert.deepEqual(orderLines(found), [
      [second!.id, ['IPOD-342-N0', 'IPOD-342-N1']],
      [first!.id, ['IPOD-342-N0', 'IPOD-342-N1']],
    ]);
    assert.deepEqual(
      found.map((f) => f.changedAt),
      [Date.parse(String(second!.order['updatedAt'])), Date.parse(String(first!.order['updatedAt']))],
    );
    const query = String(shop.asked[0]?.variables['query']);
    assert.equal(shop.asked[0]?.operation, 'ShopbeaconBulk');
    assert.ok(query.includes(`orders(query: ${JSON.stringify(updatedSince(since))})`), query);
    assert.deepEqual(shop.asked[1]?.variables, { id: 'gid://shopify/BulkOperation/1' });
  });

  it('polls until Shopify has written the file, waiting twice as long each time, up to 10 seconds', async (t) => {
    const running = { status: 'RUNNING' };
    const shop = await bulkShop(t, {
      polls: [{ status: 'CREATED' }, running, running, running, running, running, running, COMPLETED],
      file: jsonl(second!.order, ...second!.items),
    });
    assert.equal((await all(shop.history('order'))).length, 1);
    assert.deepEqual(shop.waits, [500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    assert.equal(shop.asked.filter((a) => a.operation === 'ShopbeaconBulkStatus').length, 8);
  });

  it('sends an order again with all its lines when one was written before it, sending a complete order once', async (t) => {
    const shop = await bulkShop(t, {
      polls: [COMPLETED],
      file: jsonl(first!.items[0], second!.order, ...second!.items, first!.order, first!.items[1]),
    });
    assert.deepEqual(orderLines(await all(shop.history('order'))), [
      [first!.id, ['IPOD-342-N1']],
      [second!.id, ['IPOD-342-N0', 'IPOD-342-N1']],
      [first!.id, ['IPOD-342-N0', 'IPOD-342-N1']],
    ]);
  });

  it("tells a product's variants from its images by their type", async (t) => {
    const { media, variants, ...product } = shopifyGraphqlProducts()[0] as Row & { media: Row[]; variants: Row[] };
    const children = [...variants, ...media].map((child) => ({ ...child, __parentId: product['id'] }));
    const shop = await bulkShop(t, {
      polls: [COMPLETED],
      file: jsonl(product, children[0], children[2], children[1]),
    });
    const [found, ...more] = await all(shop.history('product'));
    assert.equal(more.length, 0);
    const payload = found?.payload as Row;
    assert.equal(payload['id'], 788032119674292922n);
    assert.deepEqual(payload['variants'], [
      { price: '19.99', compare_at_price: '24.99', sku: 'example-shirt-s' },
      { price: '21.99', compare_at_price: null, sku: 'example-shirt-m' },
    ]);
    assert.deepEqual(payload['images'], [{ src: 'https://cdn.shopify.example/files/shirt.jpg' }]);
    assert.ok(String(shop.asked[0]?.variables['query']).startsWith('{ products('));
  });

  it('reads nothing, downloading nothing, when the operation completed without a file (nothing matched)', async (t) => {
    const shop = await bulkShop(t, { polls: [{ status: 'COMPLETED', objectCount: '0', url: null }] });
    assert.deepEqual(await all(shop.history('order')), []);
    assert.equal(shop.downloads(), 0);
  });

  it('leaves no temporary file behind, read to the end or stopped early', async (t) => {
    const folder = ownTmpdir(t);
    const file = jsonl(first!.order, ...first!.items, second!.order, ...second!.items);
    const whole = await bulkShop(t, { polls: [COMPLETED], file });
    assert.equal((await all(whole.history('order'))).length, 2);
    assert.deepEqual(readdirSync(folder), []);
    const stopped = await bulkShop(t, { polls: [COMPLETED], file });
    for await (const item of stopped.history('order')) {
      assert.equal(readdirSync(folder).length, 1, 'the file is kept while it is read');
      assert.ok(item);
      break;
    }
    assert.deepEqual(readdirSync(folder), []);
  });

  it("stops with Shopify's own words when it would not start the query", async (t) => {
    const shop = await bulkShop(t, {
      userErrors: [
        {
          field: null,
          message:
            'A bulk query operation for this app and shop is already in progress: gid://shopify/BulkOperation/9.',
        },
      ],
      polls: [],
    });
    assert.equal(
      (await refusal(shop.history('order'))).message,
      'Shopify did not start the bulk query: A bulk query operation for this app and shop is already in progress: gid://shopify/BulkOperation/9.',
    );
    assert.deepEqual(
      shop.asked.map((a) => a.operation),
      ['ShopbeaconBulk'],
    );
  });

  it('stops naming how the operation ended when it did not complete, with its error code', async (t) => {
    const failed = await bulkShop(t, {
      polls: [{ status: 'RUNNING' }, { status: 'FAILED', errorCode: 'ACCESS_DENIED' }],
    });
    assert.equal((await refusal(failed.history('order'))).message, "Shopify's bulk query ended FAILED (ACCESS_DENIED)");
    const canceled = await bulkShop(t, { polls: [{ status: 'CANCELED', errorCode: null }] });
    assert.equal((await refusal(canceled.history('order'))).message, "Shopify's bulk query ended CANCELED");
  });

  it('stops when the file is not served, naming the status, and removes its temporary folder', async (t) => {
    const folder = ownTmpdir(t);
    const shop = await bulkShop(t, {
      polls: [COMPLETED],
      fileStatus: 403,
      file: '<Error><Code>AccessDenied</Code></Error>',
    });
    assert.equal((await refusal(shop.history('order'))).message, "Shopify's bulk file answered 403");
    assert.deepEqual(readdirSync(folder), []);
  });
});
