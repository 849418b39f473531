import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCsv } from '../../../relay/import/csv-source.js';
import type { ImportKind, SourceItem } from '../../../relay/import/source-item.js';

/** What `readCsv` yields for a file of `text` (or of bytes), written to a folder removed after the test. */
async function itemsOf(t: TestContext, text: string | Buffer, kind: ImportKind): Promise<SourceItem[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sb-csv-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'file.csv');
  writeFileSync(file, text);
  const items: SourceItem[] = [];
  for await (const item of readCsv(file, kind)) items.push(item);
  return items;
}

const ORDER_HEADER = 'order_id,currency,order_value,line_item_product_id,line_item_quantity\n';

describe('readCsv(file, kind)', () => {
  it("makes one order of adjacent rows, the first row's columns the order's and each row a line item", async (t) => {
    const items = await itemsOf(
      t,
      `\uFEFF${ORDER_HEADER}1001,GBP,54.90,501,1\n1001,GBP,54.90,502,2\n\n1002,EUR,9,503,1\n`,
      'orders',
    );
    assert.deepEqual(items, [
      {
        row: 2,
        value: {
          order_id: 1001,
          currency: 'GBP',
          order_value: 54.9,
          line_items: [
            { line_item_product_id: 501, line_item_quantity: 1 },
            { line_item_product_id: 502, line_item_quantity: 2 },
          ],
        },
      },
      {
        row: 4,
        value: {
          order_id: 1002,
          currency: 'EUR',
          order_value: 9,
          line_items: [{ line_item_product_id: 503, line_item_quantity: 1 }],
        },
      },
    ]);
  });

  it('names each refused cell by its row and column, and refuses the order it belongs to as a whole', async (t) => {
    const items = await itemsOf(t, `${ORDER_HEADER}1001,GBP,lots,501,1\n1001,GBP,54.90,502,two\n`, 'orders');
    assert.deepEqual(items, [
      {
        row: 2,
        errors: [
          { path: 'row 2: order_value', message: 'must be a number, got "lots"' },
          { path: 'row 3: line_item_quantity', message: 'must be a number, got "two"' },
        ],
      },
    ]);
  });

  it('reads products one a row, and refuses a header with a column no record has, before any row', async (t) => {
    assert.deepEqual(await itemsOf(t, 'product_id,name,price,on_sale\n501,Teapot,24.50,yes\n', 'products'), [
      { row: 2, value: { product_id: 501, name: 'Teapot', price: 24.5, on_sale: true } },
    ]);
    assert.deepEqual(await itemsOf(t, 'product_id,colour,__proto__\n501,red,x\n', 'products'), [
      {
        row: 1,
        errors: [
          { path: 'colour', message: 'is not a column of this file (see examples/)' },
          { path: '__proto__', message: 'is not a column of this file (see examples/)' },
        ],
      },
    ]);
  });

  it('refuses a row of bytes that are not UTF-8 or hold a NUL, rather than sending it changed', async (t) => {
    const bytes = Buffer.concat([
      Buffer.from('product_id,name\n501,Caf'),
      Buffer.from([0xe9]),
      Buffer.from('\n502,Mug\u0000\n503,Cup\n'),
    ]);
    assert.deepEqual(await itemsOf(t, bytes, 'products'), [
      { row: 2, errors: [{ path: 'name', message: 'is not valid UTF-8' }] },
      { row: 3, errors: [{ path: 'name', message: 'holds a NUL byte (a binary or corrupted file?)' }] },
      { row: 4, value: { product_id: 503, name: 'Cup' } },
    ]);
  });

  it('ends with one error naming the line when the file is not CSV at all', async (t) => {
    const items = await itemsOf(t, 'product_id,name\n501,"Teapot\n', 'products');
    assert.equal(items.length, 1);
    assert.match(items[0]?.errors?.[0]?.message ?? '', /^the file is not valid CSV: /);
    assert.ok((items[0]?.row ?? 0) >= 2, `row ${items[0]?.row}`);
  });
});
