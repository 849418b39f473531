// `npm test`, the whole gate CI runs: install when stale, then the tiers in stages, each stage's
// jobs side by side on the machine's two cores, stopping after the first stage in which one fails:
//   build and the unit tier (which needs no dist/);
//   the integration files that may run concurrently, four at a time, and the browser tier (the
//   stage is CPU-bound, mostly by the CLI and test processes loading; with three files at a time
//   it left the cores idle at its end and took 254 s here, with four 215 s);
//   the integration files that run alone (failovers timed against real processes, ~0.8 of the two
//   cores), and beside them lint then typecheck at the lowest CPU priority (nice 19), on the core
//   those leave idle: measured beside them, the failovers took as long as alone and the slow
//   service's /collect p99 was 106 ms (66 alone; the test's bound is 1,000). Chromium niced beside
//   them was not harmless (a failover timed out): the browser tier stays in the stage before.
// One job of a stage streams as it runs; the others print whole when they end, so logs never
// interleave. A job that failed has its failed tests' TAP blocks and its last lines printed again
// at the end, where a CI log that keeps only its end still has them. The closing lines say what
// each job and each stage took. Needs nothing
// but Node (it runs before the install).
// The test tiers run with NODE_V8_COVERAGE, which every node process they start
// inherits (the relays spawned from dist/ too, mapped back to relay/*.ts by tsc's source maps);
// c8 then prints the line and branch coverage of relay/ and snippet/ (.c8rc.json), in all and by
// folder. .c8rc.json picks scripts before they are mapped (`excludeAfterRemap: false`): mapped
// first, the CLI bundle's ranges, from ~250 sources in one map, came out as every line covered
// and no branch; picked first, four files' runs gave the same figures bundled as unbundled. The
// snippet's own figure is from Node only: Chromium's runs of it are not counted. The coverage
// files are trimmed to our own scripts while the tiers run (scripts/coverage-trim.mjs).
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { trimCoverageWhileRunning } from './coverage-trim.mjs';
import { failedTestBlocks } from './failed-tests.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const coverage = { ...process.env, NODE_V8_COVERAGE: resolve('coverage/tmp') };
const REPRINTED_LINES = 150;
const LOWEST_PRIORITY = 19;
// A job: its name, its commands (run in turn, up to the first that fails), and options.
const STAGES = [
  [['install', [[process.execPath, 'scripts/bootstrap.mjs', '--install-only']]]],
  [
    ['unit', [[npm, 'run', 'test:unit']], { env: coverage }],
    ['build', [[npm, 'run', 'build']]],
  ],
  [
    ['integration', [[npm, 'run', 'test:integration', '--', '--part=concurrent']], { env: coverage }],
    ['e2e', [[npm, 'run', 'test:e2e']], { env: coverage }],
  ],
  [
    ['integration, alone', [[npm, 'run', 'test:integration', '--', '--part=alone']], { env: coverage }],
    [
      'lint, typecheck',
      [
        [npm, 'run', 'lint'],
        [npm, 'run', 'typecheck'],
      ],
      { priority: LOWEST_PRIORITY },
    ],
  ],
];

/** The .ts files that hold only types: they compile to nothing, so no run can cover them. */
async function typeOnlyFiles() {
  const { default: ts } = await import('typescript');
  const options = {
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ES2022,
    removeComments: true,
    verbatimModuleSyntax: true,
  };
  return ['relay', 'snippet']
    .flatMap((root) => readdirSync(root, { recursive: true }).map((file) => join(root, file)))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts'))
    .filter(
      (file) =>
        ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions: options }).outputText.trim() === 'export {};',
    );
}

/**
 * The coverage report, which never fails the run: it is a figure, not a gate (a broken report says
 * why in one line).
 */
async function reportCoverage() {
  trimming.finish();
  try {
    await printCoverage();
  } catch (error) {
    console.error(`npm test: the coverage report failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** c8's text summary, then lines and branches by folder (relay/<folder>, relay's own files, snippet). */
async function printCoverage() {
  if (!existsSync('coverage/tmp')) return;
  const excludes = [...JSON.parse(readFileSync('.c8rc.json', 'utf8')).exclude, ...(await typeOnlyFiles())];
  const c8 = spawnSync(
    process.execPath,
    ['node_modules/c8/bin/c8.js', 'report', ...excludes.flatMap((glob) => ['--exclude', glob])],
    { stdio: 'inherit' },
  );
  if (c8.status !== 0 || !existsSync('coverage/coverage-summary.json')) return;
  const folders = new Map();
  for (const [file, summary] of Object.entries(JSON.parse(readFileSync('coverage/coverage-summary.json', 'utf8')))) {
    if (file === 'total') continue;
    const parts = relative(process.cwd(), file).split(sep);
    const folder = parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
    const sum = folders.get(folder) ?? { files: 0, lines: [0, 0], branches: [0, 0] };
    sum.files += 1;
    for (const kind of ['lines', 'branches']) {
      sum[kind][0] += summary[kind].covered;
      sum[kind][1] += summary[kind].total;
    }
    folders.set(folder, sum);
  }
  const pct = ([covered, total]) =>
    `${total ? ((100 * covered) / total).toFixed(1) : '100.0'} % (${covered}/${total})`.padStart(22);
  console.log(`${'folder'.padEnd(24)} files ${'lines'.padStart(22)} ${'branches'.padStart(22)}`);
  for (const [folder, sum] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${folder.padEnd(24)} ${String(sum.files).padStart(5)} ${pct(sum.lines)} ${pct(sum.branches)}`);
  }
}

/** Runs one command of a job, at the job's priority; resolves with its exit status and signal. */
function runCommand([command, ...args], { env, priority }, live, kept) {
  // On a terminal the streaming job keeps it (its reporters print for a person, and the scrollback
  // holds everything); elsewhere its output is kept too, to be printed again if it fails.
  const output = live && process.stdout.isTTY ? 'inherit' : 'pipe';
  const child = spawn(command, args, { stdio: ['ignore', output, output], env: env ?? process.env });
  // Set before npm has started anything, so that what it starts inherits the priority.
  if (priority !== undefined && child.pid !== undefined) setPriority(child.pid, priority);
  child.stdout?.on('data', (chunk) => {
    kept.push(chunk);
    if (live) process.stdout.write(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    kept.push(chunk);
    if (live) process.stderr.write(chunk);
  });
  return new Promise((done) => child.once('close', (code, signal) => done({ status: code ?? 1, signal })));
}

/**
 * Runs one job; the first of a stage streams, the rest are kept and printed whole at their end.
 * Resolves with its exit status and seconds.
 */
async function runJob([name, commands, options = {}], live) {
  const began = Date.now();
  const kept = [];
  let ended = { status: 0, signal: null };
  for (const command of commands) {
    ended = await runCommand(command, options, live, kept);
    if (ended.status !== 0) break;
  }
  const seconds = (Date.now() - began) / 1000;
  const output = Buffer.concat(kept);
  if (!live)
    process.stdout.write(
      Buffer.concat([Buffer.from(`\n== ${name} (${seconds.toFixed(0)} s, ran beside the job above)\n`), output]),
    );
  return { name, ...ended, seconds, output };
}

/**
 * A job printed long before the run ended, and a CI log that keeps only its end would lose why it
 * failed (stop 42's e2e): the failed tests' own blocks and the last lines of a job that failed, or
 * that passed only on a retry (Playwright's "N flaky"), come again at the end.
 */
function reprintEnd({ name, status, output }) {
  const text = output.toString('utf8').trimEnd();
  const flaky = /^\s+\d+ flaky$/m.test(text);
  if (text === '' || (status === 0 && !flaky)) return;
  const blocks = failedTestBlocks(text);
  if (blocks.length > 0)
    process.stdout.write(`\n== ${name}: ${blocks.length} failed test(s) again:\n${blocks.join('\n')}\n`);
  const lines = text.split('\n');
  const shown = Math.min(lines.length, REPRINTED_LINES);
  process.stdout.write(
    `\n== ${name} ${status === 0 ? 'passed with a flaky test' : 'failed'}; its last ${shown} lines again:\n${lines.slice(-shown).join('\n')}\n`,
  );
}

rmSync('coverage', { recursive: true, force: true });
const trimming = trimCoverageWhileRunning(coverage.NODE_V8_COVERAGE);
const times = [];
const ended = [];
for (const stage of STAGES) {
  const began = Date.now();
  const results = await Promise.all(stage.map((job, index) => runJob(job, index === 0)));
  const jobs = results.map(({ name, seconds }) => `${name} ${seconds.toFixed(0)} s`).join(' ∥ ');
  times.push(stage.length > 1 ? `[${jobs}] ${((Date.now() - began) / 1000).toFixed(0)} s` : jobs);
  ended.push(...results);
  const failed = results.filter(({ status }) => status !== 0);
  if (failed.length > 0) {
    await reportCoverage();
    failed.forEach(reprintEnd);
    const which = failed.map(({ name, status, signal }) => `${name} (${signal ?? `exit ${status}`})`).join(', ');
    console.error(`npm test: failed: ${which}; times: ${times.join(', ')}`);
    process.exit(failed[0].status || 1);
  }
}
const reportBegan = Date.now();
await reportCoverage();
ended.forEach(reprintEnd);
times.push(`coverage report ${((Date.now() - reportBegan) / 1000).toFixed(0)} s`);
console.log(`npm test: every tier passed; times: ${times.join(', ')}`);
