import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { failedTestBlocks } from '../../../scripts/failed-tests.mjs';

/** The TAP that this Node's own test runner prints for `source`, a test file that fails. */
function tapOf(source: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'failed-tests-')), 'sample.test.mjs');
  writeFileSync(file, source);
  try {
    // Without the outer runner's NODE_TEST_CONTEXT, which would make this run a child of ours.
    const { NODE_TEST_CONTEXT: _outer, ...env } = process.env;
    return execFileSync(process.execPath, ['--test', '--test-reporter=tap', file], {
      encoding: 'utf8',
      env: { ...env, NODE_OPTIONS: '' },
    });
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
}

describe('failedTestBlocks (the failures a CI log that keeps only its end would lose)', () => {
  it('returns each failed test with its error and location, nested or not, and no passing test', () => {
    const tap = tapOf(`import test from 'node:test';
test('a suite', async (t) => {
  await t.test('passes', () => {});
  await t.test('fails inside', () => { throw new Error('the nested cause'); });
});
test('fails at the top', () => { throw new Error('the top cause'); });
`);
    const [nested = '', top = '', ...more] = failedTestBlocks(tap);
    assert.equal(more.length, 0, tap);
    const blocks = [nested, top];
    assert.deepEqual(
      blocks.map((block) => block.split('\n')[0]?.trim()),
      ['not ok 2 - fails inside', 'not ok 2 - fails at the top'],
    );
    assert.match(nested, /location: '[^']*sample\.test\.mjs:4:[\s\S]*error: 'the nested cause'/);
    assert.match(top, /error: 'the top cause'[\s\S]*\n\s*\.\.\.$/);
    assert.ok(blocks.every((block) => !block.includes('- passes')));
  });

  it('leaves out the suite that failed only because of a test in it, so each cause is printed once', () => {
    const tap = tapOf(`import test from 'node:test';
test('the suite', async (t) => { await t.test('the cause', () => { throw new Error('x'); }); });
`);
    assert.match(tap, /not ok 1 - the suite/);
    assert.deepEqual(
      failedTestBlocks(tap).map((block) => block.split('\n')[0]?.trim()),
      ['not ok 1 - the cause'],
    );
  });

  it('finds nothing in a run where everything passed', () => {
    assert.deepEqual(failedTestBlocks(tapOf(`import test from 'node:test';\ntest('passes', () => {});\n`)), []);
  });
});
