// Runs the unit and integration suites on other Node majors (default: 22, 24 and 26), each in a copy of
// this working tree installed by its own `npm ci`, so that an incompatibility (a native module, a
// changed built-in) fails here instead of in a shop's relay: better-sqlite3 12 aborting Node 24.19+
// at exit was found this way. `.ci/run` runs it for Node 22 and 24, each Node from the npm registry (node-release.mjs).
import { Buffer } from 'node:buffer';
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { failedTestBlocks } from './failed-tests.mjs';
import { fetchNode } from './node-release.mjs';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..');
const SUITES = ['test:unit', 'test:integration'];

/**
 * The working tree as git sees it (tracked and new files, nothing ignored): what a clean clone
 * would hold, uncommitted edits included.
 */
function copyWorkingTree(to) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).split('\0');
  for (const file of files.filter((f) => f && existsSync(join(ROOT, f)))) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(to, file));
  }
}

/** Runs `npm <step>` in `tree`, streaming its output and keeping it; resolves with its exit status and output. */
function npm(step, tree, env) {
  const child = spawn('npm', step, { cwd: tree, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const kept = [];
  child.stdout.on('data', (chunk) => {
    kept.push(chunk);
    process.stdout.write(chunk);
  });
  child.stderr.on('data', (chunk) => {
    kept.push(chunk);
    process.stderr.write(chunk);
  });
  return new Promise((done) =>
    child.once('close', (code) => done({ status: code ?? 1, output: Buffer.concat(kept).toString('utf8') })),
  );
}

/**
 * `npm ci` then each suite, with `nodeDir`'s node first on the PATH; the step that failed and its
 * failed tests, if any.
 */
async function testOn(nodeDir, tree) {
  // node-gyp builds native modules against these headers instead of downloading them.
  const env = { ...process.env, PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`, npm_config_nodedir: nodeDir };
  for (const step of [['ci'], ...SUITES.map((suite) => ['run', suite])]) {
    const { status, output } = await npm(step, tree, env);
    if (status !== 0) return { step: `npm ${step.join(' ')}`, blocks: failedTestBlocks(output) };
  }
  return undefined;
}

const majors = process.argv.length > 2 ? process.argv.slice(2) : ['22', '24', '26'];
const results = [];
const failures = [];
for (const major of majors) {
  const { version, nodeDir } = fetchNode(major);
  const tree = mkdtempSync(join(tmpdir(), `shopbeacon-node${major}-`));
  console.log(`== Node ${version}: npm ci, ${SUITES.join(', ')} in ${tree}`);
  copyWorkingTree(tree);
  const failed = await testOn(nodeDir, tree);
  rmSync(tree, { recursive: true, force: true });
  results.push(`Node ${version}: ${failed ? `FAILED at ${failed.step}` : `${SUITES.join(' and ')} passed`}`);
  // Printed again at the end: the first major's failure is long gone from a log that keeps only its end.
  if (failed)
    failures.push(
      `== Node ${version}, ${failed.step}: ${failed.blocks.length} failed test(s)\n${failed.blocks.join('\n')}`,
    );
}
console.log([...failures, ...results].join('\n'));
process.exit(failures.length > 0 ? 1 : 0);
