// Runs folders or files of node:test (test/unit, test/integration, or some of their files) with the usual reporter
// (spec on a terminal, TAP otherwise, which CI reads), a closing summary of skipped suites and the
// slowest files. A file that says `@runs-alone` in its header (a failover timed against sentinels
// or a cluster's nodes) runs after the others, one at a time, with no other test on the machine's
// two cores: the rest may run concurrently (`--test-concurrency`), those keep the conditions they
// were timed in. `--part=concurrent` or `--part=alone` runs only that part: `npm test` runs the
// first beside the unit and browser tiers and the second after them, alone (scripts/test-tiers.mjs).
// Every file's process loads test/linger-guard.mjs, which ends a file still held open a minute
// after its last test, naming what holds it; a test still running after five minutes (three times
// the slowest file's whole run) fails as timed out, so no tier can wait for ever.
// `--vendored-dependencies` (the integration tier, which needs dist/ anyway) has the relay's
// packages resolve to their bundles in dist/vendor/ (test/vendored-dependencies.mjs).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const targets = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const options = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const part = options.find((option) => option.startsWith('--part='))?.slice('--part='.length);
if (targets.length === 0 || (part !== undefined && part !== 'concurrent' && part !== 'alone')) {
  console.error(
    'usage: node scripts/test-node.mjs <folder or file>... [--part=concurrent|alone] [--vendored-dependencies] [node --test options]',
  );
  process.exit(2);
}
const vendored = options.includes('--vendored-dependencies');
const extra = options.filter((option) => !option.startsWith('--part=') && option !== '--vendored-dependencies');
/** The test files under `dir`, at any depth: a tier's tests mirror the folders of what they test. */
const testFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? testFiles(join(dir, entry.name))
      : entry.name.endsWith('.test.ts')
        ? [join(dir, entry.name)]
        : [],
  );
const files = targets
  .flatMap((target) => (target.endsWith('.test.ts') ? [target] : testFiles(target)))
  .sort()
  .map((file) => ({ file, text: readFileSync(file, 'utf8') }));
const alone = files.filter(({ text }) => text.includes('@runs-alone')).map(({ file }) => file);
const together = files.map(({ file }) => file).filter((file) => !alone.includes(file));
const reporter = process.stdout.isTTY ? 'spec' : 'tap';
const TEST_TIMEOUT_MS = 300_000;

/** One `node --test` over `group`; its exit status. */
function run(group, testOptions) {
  if (group.length === 0) return 0;
  const args = [
    '--import',
    'tsx',
    ...(vendored ? ['--import', './test/vendored-dependencies.mjs'] : []),
    '--import',
    './test/linger-guard.mjs',
    '--test',
    `--test-timeout=${TEST_TIMEOUT_MS}`,
    ...testOptions,
    `--test-reporter=${reporter}`,
    '--test-reporter-destination=stdout',
    '--test-reporter=./test/skip-summary-reporter.mjs',
    '--test-reporter-destination=stdout',
    '--test-reporter=./test/slowest-files-reporter.mjs',
    '--test-reporter-destination=stdout',
    ...group,
  ];
  const { status, signal } = spawnSync(process.execPath, args, { stdio: 'inherit' });
  return status ?? (signal ? 1 : 0);
}

const first = part === 'alone' ? 0 : run(together, extra);
if (part === 'concurrent') process.exit(first);
const solo = extra.filter((option) => !option.startsWith('--test-concurrency'));
if (alone.length > 0) console.log(`# one at a time, alone: ${alone.join(', ')}`);
const second = run(alone, [...solo, '--test-concurrency=1']);
process.exit(first || second);
