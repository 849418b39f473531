// Prints the stub's and the bundle's raw and gzip -9 sizes, naming the build measured; exits 1 above
// the hard budget. `npm run size` first rebuilds the snippet when its bundle is older than a source
// of it, and says when bench/README.md and docs/snippet.md state another size than the one built.
// The limit is the floor measured with every feature: 2,400 B, raised to 2,560 B for the listing
// helpers, which cost 149 B (search 7 B, viewList and its link matching 108 B, a marked list's click
// 34 B), then to 3,120 B for following the shop's consent banner, which costs 614 B: the readers of
// IAB TCF, Google Consent Mode and the WP Consent API with `auto`'s search for them 436 B (TCF
// 100 B, Consent Mode 180 B, the WP Consent API 82 B, each measured alone), and the start left to
// idle time with the modes it reads 178 B; then to 3,382 B for what led to the cart, which costs
// 262 B (each product's last click kept across pages and named on an add and on a purchase's
// lines, `clickOf` for the shop's add-to-cart forms); then to 3,400 B for a product listed in two
// blocks of one page, credited to the block clicked by its `data-sb-list`, which costs 43 B; the
// Shopify pixel and the WooCommerce plugin are separate artifacts, not bytes in the snippet.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SNIPPET_SOURCES, buildState } from './build-freshness.mjs';

export const HARD_LIMIT = 3400;

/** `gzip -9 -c FILE | wc -c`, the figure the budget is stated in; zlib plus the header's file name without gzip. */
function gzipSize(file, raw) {
  try {
    return execFileSync('gzip', ['-9', '-c', file]).length;
  } catch {
    return gzipSync(raw, { level: 9 }).length + basename(file).length + 1;
  }
}

export function measure(file) {
  const raw = readFileSync(file);
  return { file, raw: raw.length, gzip: gzipSize(file, raw) };
}

export function report() {
  console.log(`measured ${buildState('dist/shopbeacon.js', SNIPPET_SOURCES).says}`);
  const rows = [measure('snippet/stub.js'), measure('dist/shopbeacon.js'), measure('dist/shopbeacon.mjs')];
  console.log('file                  raw B   gzip -9 B');
  for (const { file, raw, gzip } of rows)
    console.log(`${file.padEnd(22)}${String(raw).padStart(5)}   ${String(gzip).padStart(9)}`);
  const bundle = rows[1].gzip;
  const verdict = bundle > HARD_LIMIT ? `over the ${HARD_LIMIT} B limit` : `within the ${HARD_LIMIT} B limit`;
  console.log(`dist/shopbeacon.js: ${bundle} B gzip, ${verdict}`);
  return bundle <= HARD_LIMIT;
}

/** Builds the script-tag and ESM bundles alone (rollup), not the relay and pages `npm run build` builds too. */
async function buildSnippet() {
  const { rollup } = await import('rollup');
  const { default: configs } = await import('../rollup.config.mjs');
  for (const config of configs.filter(({ input }) => /^snippet\/(index|esm)\.ts$/.test(input))) {
    const bundle = await rollup({ input: config.input, plugins: config.plugins, onwarn: () => {} });
    await bundle.write(config.output);
    await bundle.close();
  }
}

/**
 * Says when bench/README.md and docs/snippet.md state another size than this build's: a process of
 * its own, since bench/ reads this module (an import back would make a cycle).
 */
function sayStatedSize() {
  spawnSync(process.execPath, ['bench/results-table.mjs', '--stated-size'], { stdio: 'inherit' });
}

// `npm run size`: a build as new as the snippet's sources, its sizes, where its bytes go, module by module.
if (import.meta.url === `file://${process.argv[1]}`) {
  const stale = ['dist/shopbeacon.js', 'dist/shopbeacon.mjs']
    .map((output) => buildState(output, SNIPPET_SOURCES))
    .find(({ fresh }) => !fresh);
  if (stale) {
    console.log(`${stale.says}: building the snippet (dist/shopbeacon.js, dist/shopbeacon.mjs) first`);
    await buildSnippet();
  }
  const withinLimit = report();
  sayStatedSize();
  const { reportModules } = await import('./size-modules.mjs');
  await reportModules();
  process.exit(withinLimit ? 0 : 1);
}
