// Runs the unit and integration suites on other Node majors (default: 22, 24 and 26), each in a copy of
// this working tree installed by its own `npm ci`, so that an incompatibility (a native module, a
// changed built-in) fails here instead of in a shop's relay: better-sqlite3 12 aborting Node 24.19+
// at exit was found this way. `.ci/run` runs it for Node 22 and 24. Node itself comes from the npm registry (`node-<platform>-<arch>`, the
// official binaries with their headers), the one source every machine that installs us can reach.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'shopbeacon-node');
const SUITES = ['test:unit', 'test:integration'];

/** The newest release of `major` for this platform, unpacked once into the cache: its version and folder. */
function fetchNode(major) {
  const name = `node-${process.platform}-${process.arch}`;
  const versions = [].concat(JSON.parse(execFileSync('npm', ['view', `${name}@${major}`, 'version', '--json'], { encoding: 'utf8' })));
  // npm lists them in publishing order, not by version (24.9.0 came after 24.21.0).
  const version = versions.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1);
  const dir = join(CACHE, version);
  if (!existsSync(join(dir, 'package', 'bin', 'node'))) {
    mkdirSync(dir, { recursive: true });
    const tarball = execFileSync('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', dir], { encoding: 'utf8' }).trim();
    execFileSync('tar', ['xzf', join(dir, tarball), '-C', dir]);
  }
  return { version: `v${version}`, nodeDir: join(dir, 'package') };
}

/** The working tree as git sees it (tracked and new files, nothing ignored): what a clean clone would hold, uncommitted edits included. */
function copyWorkingTree(to) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  for (const file of files.filter((f) => f && existsSync(join(ROOT, f)))) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(to, file));
  }
}

/** `npm ci` then each suite, with `nodeDir`'s node first on the PATH; returns the step that failed, if any. */
function testOn(nodeDir, tree) {
  // node-gyp builds native modules against these headers instead of downloading them.
  const env = { ...process.env, PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`, npm_config_nodedir: nodeDir };
  for (const step of [['ci'], ...SUITES.map((suite) => ['run', suite])]) {
    const { status } = spawnSync('npm', step, { cwd: tree, env, stdio: 'inherit' });
    if (status !== 0) return `npm ${step.join(' ')}`;
  }
  return undefined;
}

const majors = process.argv.length > 2 ? process.argv.slice(2) : ['22', '24', '26'];
const results = [];
for (const major of majors) {
  const { version, nodeDir } = fetchNode(major);
  const tree = mkdtempSync(join(tmpdir(), `shopbeacon-node${major}-`));
  console.log(`== Node ${version}: npm ci, ${SUITES.join(', ')} in ${tree}`);
  copyWorkingTree(tree);
  const failed = testOn(nodeDir, tree);
  rmSync(tree, { recursive: true, force: true });
  results.push(`Node ${version}: ${failed ? `FAILED at ${failed}` : `${SUITES.join(' and ')} passed`}`);
}
console.log(results.join('\n'));
process.exit(results.some((line) => line.includes('FAILED')) ? 1 : 0);
