// Prints the stub's and the bundle's raw and gzip -9 sizes; exits 1 above the hard budget.
// The limit is the floor measured with every feature: 2,400 B, raised to 2,560 B for the listing
// helpers, which cost 149 B (search 7 B, viewList and its link matching 108 B, a marked list's click
// 34 B); the Shopify pixel and the WooCommerce plugin are separate artifacts, not bytes in the snippet.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gzipSync } from 'node:zlib';

export const HARD_LIMIT = 2560;

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
  const rows = [measure('snippet/stub.js'), measure('dist/shopbeacon.js'), measure('dist/shopbeacon.mjs')];
  console.log('file                  raw B   gzip -9 B');
  for (const { file, raw, gzip } of rows)
    console.log(`${file.padEnd(22)}${String(raw).padStart(5)}   ${String(gzip).padStart(9)}`);
  const bundle = rows[1].gzip;
  const verdict = bundle > HARD_LIMIT ? `over the ${HARD_LIMIT} B limit` : `within the ${HARD_LIMIT} B limit`;
  console.log(`dist/shopbeacon.js: ${bundle} B gzip, ${verdict}`);
  return bundle <= HARD_LIMIT;
}

// `npm run size`: the sizes, then where the bundle's bytes go, module by module.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync('dist/shopbeacon.js')) {
    console.error('shopbeacon: dist/shopbeacon.js is not built yet: run `npm run build` first.');
    process.exit(1);
  }
  const withinLimit = report();
  const { reportModules } = await import('./size-modules.mjs');
  await reportModules();
  process.exit(withinLimit ? 0 : 1);
}
