import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

/** Runs `source` as the one test file of a folder through scripts/test-node.mjs, as a tier runs its files. */
function runTier(source: string): { status: number | null; output: string; seconds: number; file: string } {
  const folder = mkdtempSync(join(tmpdir(), 'linger-guard-'));
  const file = join(folder, 'leaky.test.ts');
  writeFileSync(file, source);
  // Without the outer runner's NODE_TEST_CONTEXT, which would make this run a child of ours.
  const { NODE_TEST_CONTEXT: _outer, ...env } = process.env;
  const began = performance.now();
  const run = spawnSync(process.execPath, ['scripts/test-node.mjs', folder], {
    encoding: 'utf8',
    env: { ...env, SHOPBEACON_TEST_LINGER_MS: '1500' },
    timeout: 60_000,
  });
  return { status: run.status, output: run.stdout + run.stderr, seconds: (performance.now() - began) / 1000, file };
}

describe('the linger guard every test file runs with', () => {
  it('ends a file whose failed test left a server and a child running, naming them, and fails the tier', () => {
    const { status, output, seconds, file } = runTier(`import { it } from 'node:test';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
it('fails and leaves what it started open', async () => {
  await new Promise((resolve) => createServer().listen(0, '127.0.0.1', () => resolve(undefined)));
  spawn('sleep', ['600'], { stdio: 'ignore' });
  throw new Error('the deliberate failure');
});
`);
    assert.notEqual(status, 0, output);
    assert.ok(output.includes(`${file}: still running 1.5 s after its last test`), output);
    assert.match(output, /handles: [^\n]*Server on 127\.0\.0\.1:\d+/);
    assert.match(output, /children killed: \d+/);
    assert.ok(seconds < 30, `the tier ended ${seconds} s after it began`);
  });

  it('leaves a file that closes what it started to end by itself, passing', () => {
    const { status, output } = runTier(`import { it } from 'node:test';
import { createServer } from 'node:http';
it('closes its server', async () => {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  await new Promise((resolve) => server.close(resolve));
});
`);
    assert.equal(status, 0, output);
    assert.ok(!output.includes('still running'), output);
  });
});
