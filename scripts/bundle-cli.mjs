// Bundles the CLI (dist/relay/cli/main.js and the ~250 files it reaches) into one file,
// dist/cli.js, which bin/shopbeacon.js runs. Why: Node's ESM loader resolves, reads and links each
// file on its own, and every `shopbeacon` process (a relay, an import, a `connect`; ~150 in a
// test run) spent ~0.2 of its ~0.8 CPU-s doing that for our files. The packages stay
// in dist/vendor/, shared with the library that `import 'shopbeacon'` loads (one file per source).
// Rollup, not esbuild: it keeps each module's code as tsc wrote it (esbuild reprints it, and turns
// `class X` into `var X = class`, whose V8 ranges c8 could not map back: every class read as
// covered), and its source map, composed with tsc's, maps the bundle back to relay/*.ts for c8
// and a debugger. Not minified: a stack trace names our functions as written.
import { readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { rollup } from 'rollup';

const ENTRY = 'dist/relay/cli/main.js';
const CLI_BUNDLE = 'dist/cli.js';
const DIST = resolve('dist') + sep;
const VENDOR = resolve('dist/vendor') + sep;

/**
 * Each module tsc wrote, with its map, so the bundle's map reaches relay/*.ts (and the snippet's
 * protocol.ts, which the relay shares); the packages' bundles stay outside, imported from where
 * dist/cli.js sits.
 */
const relayModules = {
  name: 'relay-modules',
  resolveId(source, importer) {
    if (!importer || !source.startsWith('.')) return null;
    const id = resolve(importer, '..', source);
    return id.startsWith(VENDOR)
      ? { id: `./${relative(resolve(CLI_BUNDLE, '..'), id).split(sep).join('/')}`, external: true }
      : null;
  },
  load(id) {
    if (!id.startsWith(DIST)) return null;
    const code = readFileSync(id, 'utf8');
    return { code, map: readFileSync(`${id}.map`, 'utf8') };
  },
};

export async function bundleCli() {
  const bundle = await rollup({
    input: ENTRY,
    // Only our own modules are bundled: Node's, the packages' bundles in dist/vendor/, and
    // better-sqlite3 (required at run time) are imported as they were.
    external: (id) => !id.startsWith('.') && !id.startsWith(DIST),
    plugins: [relayModules],
    // Every module whole: coverage then counts the same functions it counts in dist/relay/.
    treeshake: false,
  });
  await bundle.write({ file: CLI_BUNDLE, format: 'es', sourcemap: true, sourcemapExcludeSources: true });
  await bundle.close();
}
