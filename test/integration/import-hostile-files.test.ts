import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('hostile files given to shopbeacon import', () => {
  const header = readFileSync('examples/orders.csv', 'utf8').split('\n')[0]!;
  const goodRow = readFileSync('examples/orders.csv', 'utf8').split('\n')[1]!;
  const files: [string, string | Buffer][] = [
    ['empty.csv', ''],
    ['header-only.csv', `${header}\n`],
    ['binary.csv', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
    [
      'invalid-utf8.csv',
      Buffer.concat([
        Buffer.from(`${header}\n`),
        Buffer.from(goodRow.replace('Ada', 'A\uFFFDa').replace('\uFFFD', '')),
        Buffer.from([0xff, 0xfe, 0x0a]),
      ]),
    ],
    ['nul.csv', `${header}\n${goodRow.replace('Ada', 'A\u0000da')}\n`],
    ['unknown-column.csv', `${header},__proto__\n${goodRow},1\n`],
    ['unterminated-quote.csv', `${header}\n"1001,${goodRow}\n`],
    ['huge-field.csv', `${header}\n${goodRow.replace('Ada', 'x'.repeat(2_000_000))}\n`],
    ['wrong-types.csv', `${header}\n${goodRow.replace('1001', 'abc').replace('54.90', '1e309')}\n`],
    ['malformed.jsonl', '{\n{"order_id":\n[1,2]\nnull\n"x"\n'],
    ['deep.jsonl', `${'['.repeat(5000)}${']'.repeat(5000)}\n`],
    ['huge-number.jsonl', '{"order_id":1e309}\n'],
    ['proto.jsonl', '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}\n'],
    [
      'invalid-utf8.jsonl',
      Buffer.concat([Buffer.from('{"order_id":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}\n')]),
    ],
    ['truncated.json', '[{"order_id":1},{"order_'],
    ['not-array.json', '{"order_id":1}'],
    ['deep.json', `[${'['.repeat(5000)}${']'.repeat(5000)}]`],
  ];

  it('refuses each with exit code 2 and row-numbered reasons, never a crash or a stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-hostile-files-'));
    const outcomes: string[] = [];
    /** One import of one file, in its own state folder: four run at once. */
    const importFile = async ([name, content]: [string, string | Buffer]) => {
      const file = join(dir, name);
      writeFileSync(file, content);
      const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          ['bin/shopbeacon.js', 'import', 'orders', file, '--dry-run', '--data-dir', join(dir, `state-${name}`)],
          { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
          (_error, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }),
        );
      });
      outcomes.push(`${name}: exit ${run.status}`);
      // A file without records is not an error; everything else here must be refused, row by row.
      const expected = name === 'empty.csv' || name === 'header-only.csv' ? 0 : 2;
      assert.equal(run.status, expected, `${name}: exit ${run.status}\n${run.stderr.slice(0, 600)}`);
      assert.doesNotMatch(run.stderr, /^\s+at /m, `${name} printed a stack trace`);
      if (expected === 2) assert.match(run.stdout + run.stderr, /row \d+/, name);
    };
    const left = [...files];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let next = left.shift(); next; next = left.shift()) await importFile(next);
      }),
    );
    console.log(`# hostile import files: ${outcomes.join(', ')}`);
  });
});
