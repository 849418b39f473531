// Runs what depends on the Node release on other majors (default: 22, 24 and 26), each in a copy of
// this working tree, so that an incompatibility (a native module, a changed built-in) fails here
// instead of in a shop's relay: better-sqlite3 12 aborting Node 24.19+ at exit was found this way.
// What runs: the unit tier, and the integration files of the SQLite outbox, the delivery thread and
// a relay killed mid-write (the native driver, worker threads, signals), against the build of
// this tree (dist/, built by `npm test` before; it is plain JavaScript whatever Node built it).
// The copy installs from the lockfile without install scripts: on Node 22 and later the relay
// loads better-sqlite3 13, whose Node-API binaries come in its npm package, so nothing compiles;
// 12, Node 20's, would be built from source here, minutes that prove nothing on these majors.
// `.ci/run` runs it for Node 22 and 24, each Node from the npm registry (node-release.mjs).
import { Buffer } from 'node:buffer';
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { failedTestBlocks } from './failed-tests.mjs';
import { fetchNode } from './node-release.mjs';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..');
const INTEGRATION = [
  'test/integration/outbox-contract.test.ts',
  'test/integration/outbox-shared-file.test.ts',
  'test/integration/outbox-recover.test.ts',
  'test/integration/delivery-thread.test.ts',
  'test/integration/crash.test.ts',
];
const STEPS = [
  ['npm', 'ci', '--ignore-scripts', '--no-audit', '--no-fund'],
  ['npm', 'run', 'test:quick'],
  ['node', 'scripts/test-node.mjs', ...INTEGRATION, '--test-concurrency=2', '--vendored-dependencies'],
];

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

/** Runs a step in `tree`, streaming its output and keeping it; resolves with its exit status and output. */
function runStep([command, ...args], tree, env) {
  const child = spawn(command, args, { cwd: tree, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
 * The install, then each suite, with `nodeDir`'s node first on the PATH; the step that failed and
 * its failed tests, if any.
 */
async function testOn(nodeDir, tree) {
  const env = { ...process.env, PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}` };
  for (const step of STEPS) {
    const { status, output } = await runStep(step, tree, env);
    if (status !== 0) return { step: step.join(' '), blocks: failedTestBlocks(output) };
  }
  return undefined;
}

const majors = process.argv.length > 2 ? process.argv.slice(2) : ['22', '24', '26'];
const results = [];
const failures = [];
for (const major of majors) {
  const { version, nodeDir } = fetchNode(major);
  const tree = mkdtempSync(join(tmpdir(), `shopbeacon-node${major}-`));
  console.log(`== Node ${version}: npm ci, the unit tier, ${INTEGRATION.length} integration files in ${tree}`);
  copyWorkingTree(tree);
  cpSync(join(ROOT, 'dist'), join(tree, 'dist'), { recursive: true });
  const failed = await testOn(nodeDir, tree);
  rmSync(tree, { recursive: true, force: true });
  results.push(
    `Node ${version}: ${failed ? `FAILED at ${failed.step}` : 'the unit tier and the integration files passed'}`,
  );
  // Printed again at the end: the first major's failure is long gone from a log that keeps only its end.
  if (failed)
    failures.push(
      `== Node ${version}, ${failed.step}: ${failed.blocks.length} failed test(s)\n${failed.blocks.join('\n')}`,
    );
}
console.log([...failures, ...results].join('\n'));
process.exit(failures.length > 0 ? 1 : 0);
