// @needs-build: compiles a consumer against the built declaration files in dist/ (npm run build).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compile = (file: string) => spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--ignoreConfig', file], { encoding: 'utf8' });

describe('the built declarations (dist/relay/index.d.ts)', () => {
  it("give a package user's RelayConfig the fields each connector declares in its own folder", () => {
    const result = compile('test/fixtures/package-types/consumer.ts');
    assert.equal(result.status, 0, result.stdout + result.stderr);
  });
});
