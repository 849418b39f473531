import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trimCoverageFile } from '../../../scripts/coverage-trim.mjs';

const ROOT = 'file:///repo/';
const script = (url: string) => ({ scriptId: '1', url, functions: [] });

describe('trimCoverageFile (the test tiers’ V8 coverage cut to our own scripts)', () => {
  it('keeps our .ts and dist/relay scripts with their source maps and drops Node’s, node_modules’ and the bundles’', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-trim-'));
    const file = join(dir, 'coverage-1.json');
    const ours = [`${ROOT}relay/cli/main.ts`, `${ROOT}dist/relay/cli/main.js`, `${ROOT}snippet/tracker.ts`];
    const theirs = [
      'node:internal/main',
      `${ROOT}node_modules/tsx/dist/index.mjs`,
      `${ROOT}dist/vendor/koa.js`,
      'file:///elsewhere/x.js',
      'evalmachine.<anonymous>',
    ];
    const maps = Object.fromEntries([...ours, ...theirs].map((url) => [url, { data: {} }]));
    writeFileSync(file, JSON.stringify({ result: [...ours, ...theirs].map(script), 'source-map-cache': maps }));

    assert.equal(trimCoverageFile(file, ROOT, join(dir, 'scratch')), true);
    const trimmed = JSON.parse(readFileSync(file, 'utf8'));
    assert.deepEqual(
      trimmed.result.map(({ url }: { url: string }) => url),
      ours,
    );
    assert.deepEqual(Object.keys(trimmed['source-map-cache']), ours);
  });

  it('leaves a file that is still being written as it is and says so', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-trim-'));
    const file = join(dir, 'coverage-2.json');
    const half = JSON.stringify({ result: [script(`${ROOT}node_modules/a.js`)] }).slice(0, 20);
    writeFileSync(file, half);

    assert.equal(trimCoverageFile(file, ROOT, join(dir, 'scratch')), false);
    assert.equal(readFileSync(file, 'utf8'), half);
  });
});
