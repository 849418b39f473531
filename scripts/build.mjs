// Builds the relay (tsc → dist/relay) and the snippet (rollup → dist/shopbeacon.js, .mjs).
// `--if-missing` builds only when an output is absent, so `npm start` stays fast after the first run.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';

const outputs = ['dist/relay/cli/main.js', 'dist/shopbeacon.js', 'dist/web/debugger.js', 'dist/web/storefront.js'];
if (process.argv.includes('--if-missing') && outputs.every((file) => existsSync(file))) process.exit(0);

const bin = (name) => `node_modules/.bin/${name}`;
const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' });

run(bin('tsc'), ['-p', 'tsconfig.build.json']);
if (existsSync('snippet/index.ts')) run(bin('rollup'), ['-c', '--silent']);
// The pages' styles are plain CSS: copied beside their scripts.
for (const name of ['debugger', 'storefront']) copyFileSync(`web/${name}/${name}.css`, `dist/web/${name}.css`);
copyFileSync('web/icon.svg', 'dist/web/icon.svg');

// The snippet's size is a build check: a bundle over the hard limit fails the build.
const { report } = await import('./size.mjs');
if (existsSync('snippet/index.ts') && !report()) process.exit(1);
