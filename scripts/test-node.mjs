// Runs one folder of node:test files (test/unit, test/integration) with the usual reporter
// (spec on a terminal, TAP otherwise, which CI reads) plus a closing summary of skipped suites.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [folder, ...options] = process.argv.slice(2);
if (!folder) {
  console.error('usage: node scripts/test-node.mjs <folder> [--quick] [node --test options]');
  process.exit(2);
}
// --quick leaves out the files that need a build first (they say `@needs-build` in their header).
const quick = options.includes('--quick');
const extra = options.filter((option) => option !== '--quick');
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.test.ts'))
  .sort()
  .map((name) => join(folder, name))
  .filter((file) => !quick || !readFileSync(file, 'utf8').includes('@needs-build'));
const reporter = process.stdout.isTTY ? 'spec' : 'tap';
const args = [
  '--import', 'tsx', '--test', ...extra,
  `--test-reporter=${reporter}`, '--test-reporter-destination=stdout',
  '--test-reporter=./test/skip-summary-reporter.mjs', '--test-reporter-destination=stdout',
  ...files,
];
const { status, signal } = spawnSync(process.execPath, args, { stdio: 'inherit' });
process.exit(status ?? (signal ? 1 : 0));
