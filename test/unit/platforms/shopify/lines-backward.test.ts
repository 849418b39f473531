import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linesBackward } from '../../../../relay/platforms/shopify/lines-backward.js';

/** A file holding `content` in a folder of its own, removed after the test. */
function fileOf(t: TestContext, content: string | Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'sb-lines-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const file = join(folder, 'bulk.jsonl');
  writeFileSync(file, content);
  return file;
}

async function all(file: string): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of linesBackward(file)) lines.push(line);
  return lines;
}

/** Whether this process holds `file` open (Linux: /proc/self/fd). */
const isOpen = (file: string) =>
  readdirSync('/proc/self/fd').some((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  });

describe('linesBackward(file)', () => {
  it('yields the lines from the last to the first, with or without a newline at the end', async (t) => {
    assert.deepEqual(await all(fileOf(t, '{"id":1}\n{"id":2}\n{"id":3}\n')), ['{"id":3}', '{"id":2}', '{"id":1}']);
    assert.deepEqual(await all(fileOf(t, '{"id":1}\n{"id":2}')), ['{"id":2}', '{"id":1}']);
  });

  it('leaves out empty and blank lines, and yields nothing of an empty file', async (t) => {
    assert.deepEqual(await all(fileOf(t, '\n\na\n  \n\nb\n\n')), ['b', 'a']);
    assert.deepEqual(await all(fileOf(t, '')), []);
    assert.deepEqual(await all(fileOf(t, '\n\n\n')), []);
  });

  it('keeps whole a line longer than the 64 KB it reads at a time, and lines across the edge of a read', async (t) => {
    const long = `{"note":"${'x'.repeat(150_000)}"}`;
    const lines = ['first', long, ...Array.from({ length: 3_000 }, (_, i) => `{"line":${i}}`), 'last'];
    assert.deepEqual(await all(fileOf(t, lines.join('\n'))), lines.reverse());
  });

  it('decodes a UTF-8 character split by the edge of a read as the one character', async (t) => {
    const accented = 'é'.repeat(50_000);
    const text = `ab\n${accented}\nyz`;
    const file = fileOf(t, text);
    const edge = statSync(file).size - 65_536;
    assert.equal(Buffer.from(text)[edge]! & 0xc0, 0x80, 'the first read begins inside a character');
    assert.deepEqual(await all(file), ['yz', accented, 'ab']);
  });

  it('closes the file when its reader stops early', async (t) => {
    const file = fileOf(t, 'a\nb\nc\n');
    for await (const line of linesBackward(file)) {
      assert.equal(line, 'c');
      assert.ok(isOpen(file), 'open while read');
      break;
    }
    assert.equal(isOpen(file), false);
  });

  it('rejects a file that is not there on the first read', async () => {
    await assert.rejects(all(join(tmpdir(), 'sb-lines-none', 'missing.jsonl')), { code: 'ENOENT' });
  });
});
