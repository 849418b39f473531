// `npm test`, the whole gate CI runs: install when stale, then the tiers in stages, each stage's
// jobs side by side on the machine's two cores, stopping after the first stage in which one fails:
//   lint (every step, each reported) beside the typecheck then the build: a slip in form is known
//   in under a minute, and the tiers run on what type-checks;
//   the unit tier (two files at a time), the integration files that may run concurrently (four at a
//   time) and the browser tier: the integration and browser tiers wait on servers, processes and
//   timers far more than they compute (about one core's work between them), so the unit tier's
//   work fills the cores they leave idle;
//   the integration files that run alone (failovers and crashes timed against real processes).
// One job of a stage streams as it runs; the others print whole when they end, so logs never
// interleave. A job that failed has its failed tests' TAP blocks and its last lines printed again
// at the end, where a CI log that keeps only its end still has them. The closing lines say what
// each job and each stage took. Coverage is not measured here: it doubles the tiers' time and is
// read by a developer, who runs `npm run coverage` (scripts/coverage.mjs). Needs nothing but Node
// (it runs before the install).
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { failedTestBlocks } from './failed-tests.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const REPRINTED_LINES = 150;
// A job: its name, its commands (run in turn, up to the first that fails), and options.
const STAGES = [
  [['install', [[process.execPath, 'scripts/bootstrap.mjs', '--install-only']]]],
  [
    ['lint', [[npm, 'run', 'lint']]],
    [
      'typecheck, build',
      [
        [npm, 'run', 'typecheck'],
        [npm, 'run', 'build'],
      ],
    ],
  ],
  [
    ['integration', [[npm, 'run', 'test:integration', '--', '--part=concurrent']]],
    ['unit', [[npm, 'run', 'test:quick']]],
    ['e2e', [[npm, 'run', 'test:e2e']]],
  ],
  [['integration, alone', [[npm, 'run', 'test:integration', '--', '--part=alone']]]],
];

/** Runs one command of a job; resolves with its exit status and signal. */
function runCommand([command, ...args], live, kept) {
  // On a terminal the streaming job keeps it (its reporters print for a person, and the scrollback
  // holds everything); elsewhere its output is kept too, to be printed again if it fails.
  const output = live && process.stdout.isTTY ? 'inherit' : 'pipe';
  const child = spawn(command, args, { stdio: ['ignore', output, output] });
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
async function runJob([name, commands], live) {
  const began = Date.now();
  const kept = [];
  let ended = { status: 0, signal: null };
  for (const command of commands) {
    ended = await runCommand(command, live, kept);
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
    failed.forEach(reprintEnd);
    const which = failed.map(({ name, status, signal }) => `${name} (${signal ?? `exit ${status}`})`).join(', ');
    console.error(`npm test: failed: ${which}; times: ${times.join(', ')}`);
    process.exit(failed[0].status || 1);
  }
}
ended.forEach(reprintEnd);
console.log(`npm test: every tier passed; times: ${times.join(', ')}`);
