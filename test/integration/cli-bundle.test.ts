// The CLI as npm run build bundles it into dist/cli.js (scripts/bundle-cli.mjs).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const bundle = readFileSync('dist/cli.js', 'utf8');
const manifest = JSON.parse(readFileSync('dist/vendor/manifest.json', 'utf8')) as Record<string, string>;
const sourceMap = JSON.parse(readFileSync('dist/cli.js.map', 'utf8')) as { sources: string[] };
const IMPORTED = /^import\s[^'"]*['"]([^'"]+)['"]/gm;

describe('the CLI bundle (dist/cli.js)', () => {
  it("imports only Node's modules and the packages' bundles beside it, never a file of dist/relay; the SQLite driver is required when a database opens", () => {
    const imported = [...bundle.matchAll(IMPORTED)].map(([, specifier = '']) => specifier);
    const bundles = new Set(Object.values(manifest).map((file) => `./vendor/${file}`));
    assert.ok(imported.length > 20, `only ${imported.length} imports`);
    assert.deepEqual(
      imported.filter((specifier) => !specifier.startsWith('node:') && !bundles.has(specifier)),
      [],
    );
    // Rollup renames the module's `require` (createRequire's) when another name takes it.
    assert.match(bundle, /require(?:\$\d+)?\('better-sqlite3'\)/, 'the driver is required at run time, not imported');
  });

  it('maps back to our TypeScript sources, each of which exists, the CLI entry among them', () => {
    const missing = sourceMap.sources.filter((source) => !existsSync(join('dist', source)));
    assert.deepEqual(missing, []);
    assert.ok(
      sourceMap.sources.every((source) => /^\.\.\/(relay|snippet)\/.+\.ts$/.test(source)),
      'only relay/ and snippet/ sources',
    );
    assert.ok(sourceMap.sources.includes('../relay/cli/main.ts'));
  });

  it('holds every module whole, so coverage counts the functions the library counts (nothing tree-shaken)', () => {
    const declared = sourceMap.sources.flatMap((source) => {
      const compiled = readFileSync(join('dist', source.replace(/^\.\.\//, '').replace(/\.ts$/, '.js')), 'utf8');
      return [...compiled.matchAll(/^export (?:async )?(function\*?|class) (\w+)/gm)].map(
        ([, kind, name]) => `${kind} ${name}`,
      );
    });
    assert.ok(declared.length > 300, `only ${declared.length} exported functions and classes`);
    // Rollup renames a name two modules share with a $n suffix.
    const kept = new Set(
      [...bundle.matchAll(/^(?:async )?(function\*?|class) (\w+?)(?:\$\d+)?(?= ?[({]| extends )/gm)].map(
        ([, kind, name]) => `${kind} ${name}`,
      ),
    );
    assert.deepEqual(
      declared.filter((declaration) => !kept.has(declaration)),
      [],
    );
  });

  it("prints the package's version for shopbeacon --version and -V, and exits 0", () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    for (const flag of ['--version', '-V'])
      assert.equal(execFileSync(process.execPath, ['bin/shopbeacon.js', flag], { encoding: 'utf8' }), `${version}\n`);
  });
});
