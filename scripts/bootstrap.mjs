// The first thing `npm start` and `npm test` run, so that a fresh clone needs nothing typed before
// them: check Node against `engines`, install from the lockfile when node_modules is
// missing or older than it, then rebuild what is stale (unless `--install-only`). Every expected
// failure ends in one or two plain lines and exit 1.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasCommand } from './debian-install.mjs';
import {
  formatDuration,
  installFailureExplanation,
  installIsStale,
  installNodeMismatch,
  nodeVersionProblem,
} from './setup-checks.mjs';

/** The Node that the last `npm ci` installed for (`process.version`). */
const INSTALLED_WITH = 'node_modules/.shopbeacon-installed-with';

function fail(message, detail) {
  console.error(`shopbeacon: ${message}`);
  if (detail) console.error(`  ${detail}`);
  process.exit(1);
}

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function readInstalledWith() {
  try {
    return readFileSync(INSTALLED_WITH, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function install() {
  const started = Date.now();
  console.log(
    'shopbeacon: installing dependencies from package-lock.json (npm ci; about 3 min on a fresh machine, better-sqlite3 compiles from source)…',
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], {
    encoding: 'utf8',
    env: process.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout || ''}\n${result.stderr || ''}`;
  if (result.error)
    fail(`npm could not be run (${result.error.code || result.error.message}); is npm installed beside Node?`);
  if (result.status !== 0) {
    const log = join(mkdtempSync(join(tmpdir(), 'shopbeacon-')), 'npm-ci.log');
    writeFileSync(log, output);
    fail(installFailureExplanation(output, hasCommand), `npm's full output: ${log}`);
  }
  writeFileSync(INSTALLED_WITH, process.version);
  console.log(`shopbeacon: dependencies installed in ${formatDuration(Date.now() - started)}.`);
}

const { engines } = JSON.parse(readFileSync('package.json', 'utf8'));
const versionProblem = engines && engines.node ? nodeVersionProblem(process.version, engines.node) : undefined;
if (versionProblem) fail(versionProblem);

const installed = mtime('node_modules/.package-lock.json');
const nodeMismatch = installed === undefined ? undefined : installNodeMismatch(readInstalledWith(), process.version);
if (nodeMismatch) console.log(`shopbeacon: ${nodeMismatch}: installing again.`);
if (nodeMismatch || installIsStale(mtime('package-lock.json') || 0, installed)) install();

if (!process.argv.includes('--install-only')) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
  if (build.status !== 0) fail('the build failed (its output is above).');
}
