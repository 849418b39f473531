// The relay's dependencies as npm run build bundles them into dist/vendor/ (issue #37).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const BARE_IMPORT = /(?:from |import\()'((?!node:|\.)[^']+)'/g;
const relayFiles = readdirSync('dist/relay', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
const vendorFiles = readdirSync('dist/vendor').filter((file) => file.endsWith('.js') && !file.startsWith('chunk-'));

/**
 * Each export's name and kind (a class and a function are both 'function'; an object is 'object').
 * Node 23+ also names a CommonJS module's exports 'module.exports', which no import statement can
 * name; the bundles leave it out.
 */
function shape(module: Record<string, unknown>): Record<string, string> {
  const names = Object.keys(module).filter((name) => name !== 'module.exports');
  return Object.fromEntries(names.sort().map((name) => [name, typeof module[name]]));
}

describe('the bundled dependencies (dist/vendor)', () => {
  it('leave no file of dist/relay importing a package by name (the SQLite driver, a native addon, is required where it is opened)', () => {
    const named = new Set(relayFiles.flatMap((file) => [...readFileSync(join('dist/relay', file), 'utf8').matchAll(BARE_IMPORT)].map(([, name]) => name)));
    assert.deepEqual([...named], []);
  });

  it('export what Node gives for each package, by the same names and of the same kinds, default included', async () => {
    const packages: Record<string, string> = {
      '_koa_router.js': '@koa/router',
      'stream-json_streamers_StreamArray.js': 'stream-json/streamers/StreamArray.js',
      'typebox_compile.js': 'typebox/compile',
    };
    assert.ok(vendorFiles.length >= 15, `only ${vendorFiles.length} bundles`);
    for (const file of vendorFiles) {
      const name = packages[file] ?? file.replace(/\.js$/, '');
      const bundled = (await import(pathToFileURL(join('dist/vendor', file)).href)) as Record<string, unknown>;
      const original = (await import(name)) as Record<string, unknown>;
      assert.deepEqual(shape(bundled), shape(original), name);
    }
  });

  it('ship the licence of each package they hold, with its name and version', () => {
    const licences = readFileSync('dist/vendor/THIRD-PARTY-LICENSES.txt', 'utf8');
    for (const name of ['typebox', 'undici', 'koa', 'ioredis', 'iconv-lite', '@koa/router']) {
      const version = (JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
      assert.match(licences, new RegExp(`^${name} ${version.replaceAll('.', '\\.')} \\(`, 'm'), name);
    }
    assert.match(licences, /Permission is hereby granted, free of charge/);
  });
});
