// The relay's dependencies as npm run build bundles them into dist/vendor/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const BARE_IMPORT = /(?:from |import\()'((?!node:|\.)[^']+)'/g;
const relayFiles = readdirSync('dist/relay', { recursive: true, encoding: 'utf8' }).filter((file) =>
  file.endsWith('.js'),
);
const vendorFiles = readdirSync('dist/vendor').filter((file) => file.endsWith('.js') && !file.startsWith('chunk-'));
const manifest = JSON.parse(readFileSync('dist/vendor/manifest.json', 'utf8')) as Record<string, string>;

/**
 * Each export's name and kind (a class and a function are both 'function'; an object is 'object'),
 * of the bundle and of the package as Node imports it. In a child without loader hooks: in this
 * tier's own processes a package's name resolves to its bundle (test/vendored-dependencies.mjs),
 * and the comparison would be the bundle with itself. Node 23+ also names a CommonJS module's
 * exports 'module.exports', which no import statement can name; the bundles leave it out.
 */
const SHAPES = `
const shape = (module) => Object.fromEntries(Object.keys(module).filter((name) => name !== 'module.exports').sort().map((name) => [name, typeof module[name]]));
const shapes = {};
for (const [name, bundle] of JSON.parse(process.argv[1])) shapes[name] = { bundled: shape(await import(bundle)), original: shape(await import(name)) };
console.log(JSON.stringify(shapes));`;

describe('the bundled dependencies (dist/vendor)', () => {
  it('leave no file of dist/relay importing a package by name (the SQLite driver, a native addon, is required where it is opened)', () => {
    const named = new Set(
      relayFiles.flatMap((file) =>
        [...readFileSync(join('dist/relay', file), 'utf8').matchAll(BARE_IMPORT)].map(([, name]) => name),
      ),
    );
    assert.deepEqual([...named], []);
  });

  it('export what Node gives for each package, by the same names and of the same kinds, default included', async () => {
    assert.ok(vendorFiles.length >= 15, `only ${vendorFiles.length} bundles`);
    assert.deepEqual(Object.values(manifest).sort(), vendorFiles.sort(), 'the manifest names every bundle');
    const pairs = Object.entries(manifest).map(([name, file]) => [name, pathToFileURL(join('dist/vendor', file)).href]);
    const shapes = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', SHAPES, JSON.stringify(pairs)], {
        encoding: 'utf8',
      }),
    ) as Record<string, Record<'bundled' | 'original', Record<string, string>>>;
    assert.deepEqual(Object.keys(shapes).sort(), Object.keys(manifest).sort());
    for (const [name, { bundled, original }] of Object.entries(shapes)) assert.deepEqual(bundled, original, name);
  });

  it('ship the licence of each package they hold, with its name and version', () => {
    const licences = readFileSync('dist/vendor/THIRD-PARTY-LICENSES.txt', 'utf8');
    for (const name of ['typebox', 'undici', 'koa', 'ioredis', 'iconv-lite', '@koa/router']) {
      const version = (
        JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8')) as { version: string }
      ).version;
      assert.match(licences, new RegExp(`^${name} ${version.replaceAll('.', '\\.')} \\(`, 'm'), name);
    }
    assert.match(licences, /Permission is hereby granted, free of charge/);
  });
});
