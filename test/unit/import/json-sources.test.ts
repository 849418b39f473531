import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readJsonArray, readJsonLines } from '../../../relay/import/json-sources.js';
import type { SourceItem } from '../../../relay/import/source-item.js';

/** What `read` yields for a file of `content`, written to a folder removed after the test. */
async function itemsOf(
  t: TestContext,
  read: (file: string) => AsyncGenerator<SourceItem>,
  content: string | Buffer,
): Promise<SourceItem[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sb-json-sources-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'records.json');
  writeFileSync(file, content);
  const items: SourceItem[] = [];
  for await (const item of read(file)) items.push(item);
  return items;
}

const refused = (row: number, message: string): SourceItem => ({ row, errors: [{ path: '', message }] });

describe('readJsonLines(file)', () => {
  it('yields one record a line, numbered by the line it is on, skipping blank lines and reading CRLF as LF', async (t) => {
    const items = await itemsOf(t, readJsonLines, '{"order_id":1}\r\n\r\n   \n{"order_id":2}\n[3]');
    assert.deepEqual(items, [
      { row: 1, value: { order_id: 1 } },
      { row: 4, value: { order_id: 2 } },
      { row: 5, value: [3] },
    ]);
  });

  it('refuses a line that is not JSON by its row and reads on', async (t) => {
    const items = await itemsOf(t, readJsonLines, '{"order_id":1\n{"order_id":2}\n');
    assert.deepEqual(items, [refused(1, 'line is not valid JSON'), { row: 2, value: { order_id: 2 } }]);
  });

  it('refuses, rather than sends changed, a line of invalid UTF-8, one with a number past a double and one nested past the limit', async (t) => {
    const deep = `${'['.repeat(33)}${']'.repeat(33)}`;
    const fine = `${'['.repeat(32)}${']'.repeat(32)}`;
    const content = Buffer.concat([
      Buffer.from('{"name":"caf'),
      Buffer.from([0xe9]),
      Buffer.from(`"}\n{"price":1e400}\n${deep}\n${fine}\n{"price":1e300}\n`),
    ]);
    const items = await itemsOf(t, readJsonLines, content);
    assert.deepEqual(items.slice(0, 3), [
      refused(1, 'line is not valid UTF-8'),
      refused(2, 'line holds a number too large for a double'),
      refused(3, 'line nests deeper than 32 levels'),
    ]);
    assert.deepEqual(items[3], { row: 4, value: JSON.parse(fine) as unknown }, 'exactly 32 levels is still read');
    assert.deepEqual(items[4], { row: 5, value: { price: 1e300 } });
  });
});

describe('readJsonArray(file)', () => {
  it('yields each element of the array, numbered by its index from 1, an empty array nothing', async (t) => {
    const items = await itemsOf(
      t,
      readJsonArray,
      '[\n  {"product_id": 1},\n  {"product_id": 2, "tags": [1, {"a": null}]},\n  "x"\n]\n',
    );
    assert.deepEqual(items, [
      { row: 1, value: { product_id: 1 } },
      { row: 2, value: { product_id: 2, tags: [1, { a: null }] } },
      { row: 3, value: 'x' },
    ]);
    assert.deepEqual(await itemsOf(t, readJsonArray, '[]'), []);
  });

  it('refuses, rather than sends changed, an element of invalid UTF-8 by its row, and reads on', async (t) => {
    const invalid = Buffer.concat([
      Buffer.from('[{"name":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}, {"name":"tea"}]'),
    ]);
    assert.deepEqual(await itemsOf(t, readJsonArray, invalid), [
      refused(1, 'element is not valid UTF-8'),
      { row: 2, value: { name: 'tea' } },
    ]);
  });

  it('keeps the elements read before a file is cut short, and reports the rest as one error at the next row', async (t) => {
    const items = await itemsOf(t, readJsonArray, '[{"product_id": 1}, {"product_id": 2}, {"product_id": 3');
    assert.deepEqual(
      items.slice(0, 2).map((item) => item.value),
      [{ product_id: 1 }, { product_id: 2 }],
    );
    assert.equal(items.length, 3);
    assert.equal(items[2]?.row, 3);
    assert.match(items[2]?.errors?.[0]?.message ?? '', /^the file is not a valid JSON array: /);
    assert.equal(items[2]?.errors?.[0]?.path, '');
  });

  it('reports a file that is not an array, or not JSON, as one error at row 1', async (t) => {
    for (const content of ['{"product_id": 1}', 'product_id,name\n1,Mug\n']) {
      const items = await itemsOf(t, readJsonArray, content);
      assert.equal(items.length, 1, content);
      assert.equal(items[0]?.row, 1);
      assert.equal(items[0]?.value, undefined);
      assert.match(items[0]?.errors?.[0]?.message ?? '', /^the file is not a valid JSON array: \S/);
    }
  });
});
