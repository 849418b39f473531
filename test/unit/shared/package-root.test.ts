import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot, packageVersion } from '../../../relay/shared/package-root.js';

describe('packageRoot() and packageVersion()', () => {
  it('finds the folder whose package.json is shopbeacon’s, above the relay’s own source', () => {
    const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { name: string };
    assert.equal(manifest.name, 'shopbeacon');
    assert.ok(import.meta.dirname.startsWith(packageRoot()));
  });

  it('gives the version that package.json states, as the --version flag prints it', () => {
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as {
      version: string;
    };
    assert.equal(packageVersion(), manifest.version);
    assert.match(packageVersion(), /^\d+\.\d+\.\d+/);
  });
});
