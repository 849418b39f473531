// Runs one folder of node:test files (test/unit, test/integration) with the usual reporter
// (spec on a terminal, TAP otherwise, which CI reads) plus a closing summary of skipped suites.
// A file that says `@runs-alone` in its header (a failover timed against sentinels or a cluster's
// nodes) runs after the others, one at a time, with nothing else on the machine's two cores: the
// rest may run concurrently (`--test-concurrency`), those keep the conditions they were timed in.
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
  .map((name) => ({ file: join(folder, name), text: readFileSync(join(folder, name), 'utf8') }))
  .filter(({ text }) => !quick || !text.includes('@needs-build'));
const alone = files.filter(({ text }) => text.includes('@runs-alone')).map(({ file }) => file);
const together = files.map(({ file }) => file).filter((file) => !alone.includes(file));
const reporter = process.stdout.isTTY ? 'spec' : 'tap';

/** One `node --test` over `group`; its exit status. */
function run(group, testOptions) {
  if (group.length === 0) return 0;
  const args = [
    '--import', 'tsx', '--test', ...testOptions,
    `--test-reporter=${reporter}`, '--test-reporter-destination=stdout',
    '--test-reporter=./test/skip-summary-reporter.mjs', '--test-reporter-destination=stdout',
    ...group,
  ];
  const { status, signal } = spawnSync(process.execPath, args, { stdio: 'inherit' });
  return status ?? (signal ? 1 : 0);
}

const first = run(together, extra);
const solo = extra.filter((option) => !option.startsWith('--test-concurrency'));
if (alone.length > 0) console.log(`# one at a time, alone: ${alone.join(', ')}`);
const second = run(alone, [...solo, '--test-concurrency=1']);
process.exit(first || second);
