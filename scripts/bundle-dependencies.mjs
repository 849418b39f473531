// Bundles the relay's runtime dependencies into dist/vendor/ and points dist/relay's imports at them.
// Why: every `shopbeacon` process (a relay, an import, a `connect`) spent ~1.2 s of its start
// loading ~1,150 files of its dependencies through Node's ESM loader (typebox alone is ~680
// files); as a few chunks it takes ~0.4 s (~125 CLI processes a test run, and a
// relay that restarts sooner). Our own files stay one per source in dist/relay/ (the library that
// `import 'shopbeacon'` loads); the CLI bundles them into dist/cli.js (scripts/bundle-cli.mjs).
// better-sqlite3 stays outside: it loads a native addon. The packages stay in `dependencies`: the
// declarations import their types.
import { build } from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const RELAY = 'dist/relay';
const VENDOR = 'dist/vendor';
const ENTRIES = 'node_modules/.cache/shopbeacon-vendor';
const UNBUNDLED = new Set(['better-sqlite3', 'better-sqlite3-napi']);
const BARE_IMPORT = /(from |import\()'((?!node:|\.)[^']+)'/g;

const jsFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? jsFiles(join(dir, entry.name)) : entry.name.endsWith('.js') ? [join(dir, entry.name)] : [],
  );
const fileName = (specifier) => specifier.replace(/\.js$/, '').replace(/[@/]/g, '_');

/** The packages dist/relay imports by name, as written (a subpath is its own entry). */
function importedPackages(files) {
  const specifiers = new Set();
  for (const file of files)
    for (const [, , specifier] of readFileSync(file, 'utf8').matchAll(BARE_IMPORT)) specifiers.add(specifier);
  return [...specifiers].filter((specifier) => !UNBUNDLED.has(specifier)).sort();
}

/**
 * One .mjs entry per package re-exporting, by name, what Node's own import of it gives: for a
 * CommonJS package that is what cjs-module-lexer finds plus `default` (module.exports), so the
 * bundle's names and default are those the unbundled code got.
 */
async function writeEntries(specifiers) {
  rmSync(ENTRIES, { recursive: true, force: true });
  mkdirSync(ENTRIES, { recursive: true });
  const entries = {};
  for (const specifier of specifiers) {
    const names = Object.keys(await import(specifier)).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
    const entry = join(ENTRIES, `${fileName(specifier)}.mjs`);
    writeFileSync(entry, `export { ${names.join(', ')} } from '${specifier}';\n`);
    entries[fileName(specifier)] = entry;
  }
  return entries;
}

function pointAtVendor(files, specifiers) {
  const bundled = new Set(specifiers);
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const rewritten = source.replace(BARE_IMPORT, (whole, keyword, specifier) => {
      if (!bundled.has(specifier)) return whole;
      const path = relative(dirname(file), join(VENDOR, `${fileName(specifier)}.js`));
      return `${keyword}'${path.startsWith('.') ? path : `./${path}`}'`;
    });
    if (rewritten !== source) writeFileSync(file, rewritten);
  }
}

/** The licence texts of every package the bundles hold, beside them: their notices travel with the code. */
function writeLicenses(metafile) {
  const packages = new Set();
  for (const input of Object.keys(metafile.inputs).filter((path) => !path.startsWith(ENTRIES))) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) packages.add(match[1]);
  }
  const texts = [...packages].sort().map((dir) => {
    const { name, version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const file = readdirSync(dir).find((entry) => /^(licen[cs]e|copying)/i.test(entry));
    const text = file
      ? readFileSync(join(dir, file), 'utf8').trim()
      : `(no licence file; package.json says ${license})`;
    return `${name} ${version} (${license})\n\n${text}\n`;
  });
  writeFileSync(join(VENDOR, 'THIRD-PARTY-LICENSES.txt'), texts.join(`\n${'-'.repeat(72)}\n\n`));
}

export async function bundleDependencies() {
  const files = jsFiles(RELAY);
  const specifiers = importedPackages(files);
  rmSync(VENDOR, { recursive: true, force: true });
  const { metafile } = await build({
    entryPoints: await writeEntries(specifiers),
    outdir: VENDOR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: [...UNBUNDLED],
    // CommonJS packages call require() for Node's modules; an ES module has none of its own.
    banner: {
      js: "import { createRequire as __shopbeaconRequire } from 'node:module'; const require = __shopbeaconRequire(import.meta.url);",
    },
    chunkNames: 'chunk-[hash]',
    metafile: true,
    logLevel: 'warning',
  });
  writeLicenses(metafile);
  // Which bundle stands for which import: the integration tier resolves its imports by it too.
  writeFileSync(
    join(VENDOR, 'manifest.json'),
    `${JSON.stringify(Object.fromEntries(specifiers.map((specifier) => [specifier, `${fileName(specifier)}.js`])), null, 2)}\n`,
  );
  pointAtVendor(files, specifiers);
}
