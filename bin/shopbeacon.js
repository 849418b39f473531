#!/usr/bin/env node
// The compiled CLI is one bundle in dist/ (built by `npm run build`, and by npm's `prepare` on install).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('shopbeacon is not built yet: run `npm run build` in its folder first.\n');
  process.exit(1);
}
const { main } = await import(entry.href);
await main(process.argv);
