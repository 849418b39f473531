import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import type { ChangedPayload, PlatformKind } from '../connector.js';
import { fields, list, textOf } from '../mapping.js';
import { PlatformApiError } from '../platform-api-error.js';
import type { ShopifyGraphql } from './shopify-graphql.js';
import { restOrder, restProduct } from './shopify-graphql-shapes.js';
import { updatedSince } from './shopify-pages.js';
import { BULK_RUN, BULK_STATUS, bulkQuery } from './shopify-queries.js';
import { linesBackward } from './lines-backward.js';

/** Starts the bulk query and waits until Shopify has written its file; the file's URL, or none when nothing matched. */
async function runBulk(
  graphql: ShopifyGraphql,
  query: string,
  wait: (ms: number) => Promise<unknown>,
): Promise<string | undefined> {
  const run = fields((await graphql.query(BULK_RUN, { query }))['bulkOperationRunQuery']);
  const problems = list(run['userErrors']).map((e) => textOf(fields(e)['message']));
  if (problems.length > 0) throw new PlatformApiError(`Shopify did not start the bulk query: ${problems.join('; ')}`);
  const id = fields(run['bulkOperation'])['id'];
  for (let delay = 500; ; delay = Math.min(delay * 2, 10_000)) {
    const operation = fields((await graphql.query(BULK_STATUS, { id }))['node']);
    const status = textOf(operation['status']);
    if (status === 'COMPLETED') return typeof operation['url'] === 'string' ? operation['url'] : undefined;
    if (status !== 'CREATED' && status !== 'RUNNING')
      throw new PlatformApiError(
        `Shopify's bulk query ended ${status}${operation['errorCode'] ? ` (${textOf(operation['errorCode'])})` : ''}`,
      );
    await wait(delay);
  }
}

/**
 * The bulk file, to a temporary file: read backwards afterwards, so each parent's children are
 * known when it is met.
 */
async function download(url: string, file: string): Promise<void> {
  const response = await request(url, { headersTimeout: 60_000, bodyTimeout: 300_000 });
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw new PlatformApiError(`Shopify's bulk file answered ${response.statusCode}`);
  }
  await pipeline(response.body, createWriteStream(file));
}

/** A parent node with its children, in the REST shape the mapping reads. */
function assemble(
  kind: PlatformKind,
  node: Record<string, unknown>,
  children: Record<string, unknown>[],
): ChangedPayload {
  const payload =
    kind === 'order'
      ? restOrder(node, children)
      : restProduct(
          node,
          children.filter((c) => c['__typename'] === 'ProductVariant'),
          children.filter((c) => c['__typename'] === 'MediaImage'),
        );
  return { payload, changedAt: Date.parse(textOf(node['updatedAt'])) || 0 };
}

/** Each parent of `ids` with all its children, read from the file again. */
async function* reassembled(
  file: string,
  kind: PlatformKind,
  ids: ReadonlySet<string>,
): AsyncGenerator<ChangedPayload> {
  const parents = new Map<string, Record<string, unknown>>();
  const children = new Map<string, Record<string, unknown>[]>();
  for await (const line of linesBackward(file)) {
    const node = fields(JSON.parse(line) as unknown);
    const parent = node['__parentId'];
    if (typeof parent === 'string' && ids.has(parent)) children.set(parent, [node, ...(children.get(parent) ?? [])]);
    else if (typeof parent !== 'string' && ids.has(textOf(node['id']))) parents.set(textOf(node['id']), node);
  }
  for (const [id, node] of parents) yield assemble(kind, node, children.get(id) ?? []);
}

/**
 * The history of a store as one bulk operation (`bulkOperationRunQuery`, no cost limit): the JSONL
 * file holds each order (or product) and, on lines of their own with `__parentId`, its line items
 * (variants, images). Grouped, Shopify promises only that a child comes after its parent, not right
 * after, so the file is read from the end: a parent's children are all known when the parent is
 * met, and only children whose parent is still ahead are held. A child met after its parent (a
 * file that broke the promise) is not lost: that parent is read again with all its children and
 * sent again, the outbox keeping the newer body. Newest first: the sweep moves the cursor once the
 * whole file is in the outbox.
 */
export async function* shopifyHistory(
  graphql: ShopifyGraphql,
  kind: PlatformKind,
  since: number,
  wait: (ms: number) => Promise<unknown> = (ms) => sleep(ms),
): AsyncGenerator<ChangedPayload> {
  const url = await runBulk(graphql, bulkQuery(kind, updatedSince(since)), wait);
  if (!url) return;
  const folder = await mkdtemp(join(tmpdir(), 'shopbeacon-bulk-'));
  try {
    await download(url, join(folder, 'bulk.jsonl'));
    const waiting = new Map<string, Record<string, unknown>[]>();
    for await (const line of linesBackward(join(folder, 'bulk.jsonl'))) {
      // Ids are gid strings and amounts decimal strings: nothing here needs the exact-integer parser.
      const node = fields(JSON.parse(line) as unknown);
      const parent = node['__parentId'];
      if (typeof parent === 'string') {
        waiting.set(parent, [node, ...(waiting.get(parent) ?? [])]);
        continue;
      }
      const id = textOf(node['id']);
      const children = waiting.get(id) ?? [];
      waiting.delete(id);
      yield assemble(kind, node, children);
    }
    if (waiting.size > 0) yield* reassembled(join(folder, 'bulk.jsonl'), kind, new Set(waiting.keys()));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
