// Builds the relay (tsc → dist/relay, its dependencies bundled into dist/vendor, the CLI into
// dist/cli.js), the snippet, the Shopify pixel and storefront companion (rollup → dist/shopbeacon.js,
// .mjs, dist/shopify-pixel.js, dist/shopbeacon-shopify.js), the WooCommerce plugin's and the PrestaShop module's zips
// (dist/shopbeacon-woocommerce.zip, dist/shopbeacon-prestashop.zip). `--if-stale` builds only when
// an output is missing or older than a source, so `npm start` stays fast after the first run and
// still rebuilds after a `git pull`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, statSync } from 'node:fs';
import { newestSource } from './build-freshness.mjs';

const outputs = [
  'dist/relay/cli/main.js',
  'dist/cli.js',
  'dist/vendor/koa.js',
  'dist/shopbeacon.js',
  'dist/shopify-pixel.js',
  'dist/shopbeacon-shopify.js',
  'dist/shopbeacon-woocommerce.zip',
  'dist/shopbeacon-prestashop.zip',
  'dist/web/debugger.js',
  'dist/web/storefront.js',
];
const inputRoots = [
  'relay',
  'snippet',
  'web',
  'integrations/woocommerce/shopbeacon',
  'integrations/prestashop/shopbeacon',
  'package-lock.json',
  'rollup.config.mjs',
  'tsconfig.json',
  'tsconfig.build.json',
  'scripts/build.mjs',
  'scripts/bundle-dependencies.mjs',
  'scripts/bundle-cli.mjs',
  'scripts/size.mjs',
];

function isFresh() {
  if (!outputs.every((file) => existsSync(file))) return false;
  const oldestOutput = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return (newestSource(inputRoots)?.mtimeMs ?? 0) <= oldestOutput;
}

if (process.argv.includes('--if-stale') && isFresh()) process.exit(0);

const bin = (name) => `node_modules/.bin/${name}`;
function run(command, args) {
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`build: ${command} ${args.join(' ')} failed (exit ${status}); its errors are above.`);
    process.exit(1);
  }
}

if (!existsSync(bin('tsc'))) {
  console.error(
    'build: node_modules/.bin/tsc is missing: install the dependencies first (npm start and npm test do it).',
  );
  process.exit(1);
}
// --noCheck: the build emits (JS, declarations, maps) and leaves type errors to `npm run typecheck`,
// whose project holds relay/ too; npm test runs both. Checking here as well cost ~10 of the build's
// ~40 CPU-s, and made every `npm start` after a pull wait on it.
run(bin('tsc'), ['-p', 'tsconfig.build.json', '--noCheck']);
const { bundleDependencies } = await import('./bundle-dependencies.mjs');
await bundleDependencies();
const { bundleCli } = await import('./bundle-cli.mjs');
await bundleCli();
if (existsSync('snippet/index.ts')) run(bin('rollup'), ['-c', '--silent']);
// The pages' styles are plain CSS: copied beside their scripts.
for (const name of ['debugger', 'storefront']) copyFileSync(`web/${name}/${name}.css`, `dist/web/${name}.css`);
copyFileSync('web/icon.svg', 'dist/web/icon.svg');
const { zipPlugin } = await import('./zip-plugin.mjs');
zipPlugin('integrations/woocommerce/shopbeacon', 'dist/shopbeacon-woocommerce.zip');
zipPlugin('integrations/prestashop/shopbeacon', 'dist/shopbeacon-prestashop.zip');

// The snippet's size is a build check: a bundle over the hard limit fails the build.
const { report } = await import('./size.mjs');
if (existsSync('snippet/index.ts') && !report()) process.exit(1);
