import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Only what a server has: no SHOPBEACON_* of the test run, no CI switches. */
const cleanEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('SHOPBEACON_') && name !== 'PORT'),
  );

/** Starts `npx shopbeacon relay` in `dir` and resolves with its URL once it listens. */
async function startRelay(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(join(dir, 'node_modules', '.bin', 'shopbeacon'), ['relay', '--port', '0'], {
    cwd: dir,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.:]+)/.exec(output);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`shopbeacon relay exited with ${code}: ${output}`)));
  });
  return { child, url };
}

/**
 * The prebuilt better-sqlite3 a shop's `npm install` downloads from its GitHub releases, made here
 * from this checkout's own build (this machine reaches only the npm registry): where prebuild-install
 * looks first (`npm_config_better_sqlite3_local_prebuilds`), under the name it asks for. Without it the install
 * compiles SQLite, 100-200 s of a test run that proves nothing more.
 */
function localPrebuilds(work: string): string {
  const dir = join(work, 'prebuilds');
  mkdirSync(dir);
  const version = (
    JSON.parse(readFileSync(join('node_modules', 'better-sqlite3', 'package.json'), 'utf8')) as { version: string }
  ).version;
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', [
    'czf',
    join(dir, name),
    '-C',
    join('node_modules', 'better-sqlite3'),
    'build/Release/better_sqlite3.node',
  ]);
  return dir;
}

// Tried as a new user would: the tarball, installed with production dependencies only
// into an empty directory, runs the relay.
describe('the packed package, installed into an empty directory', { timeout: 600_000 }, () => {
  const work = mkdtempSync(join(tmpdir(), 'sb-packed-'));
  const app = join(work, 'app');
  let tarball = '';
  let relay: { child: ChildProcess; url: string } | undefined;

  before(async () => {
    // The build ran before the tests (npm test): packing skips `prepare` rather than build again.
    const { stdout } = await run(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', work], {
      maxBuffer: 16 * 1024 * 1024,
    });
    tarball = join(work, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
    mkdirSync(app);
    await run(NPM, ['init', '-y'], { cwd: app });
    const env = { ...cleanEnv(), npm_config_better_sqlite3_local_prebuilds: localPrebuilds(work) };
    await run(NPM, ['install', '--omit=dev', '--no-audit', '--no-fund', tarball], {
      cwd: app,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    relay = await startRelay(app);
  });

  after(async () => {
    if (relay && relay.child.exitCode === null) {
      relay.child.kill('SIGTERM');
      await new Promise((resolve) => relay!.child.once('exit', resolve));
    }
    rmSync(work, { recursive: true, force: true });
  });

  it('serves the demo storefront, the snippet, its Shopify storefront companion and a healthy /healthz from `npx shopbeacon relay`', async () => {
    assert.equal((await fetch(`${relay!.url}/healthz`)).status, 200);
    const page = await fetch(`${relay!.url}/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<html/i);
    for (const file of ['shopbeacon.js', 'shopbeacon-shopify.js']) {
      const script = await fetch(`${relay!.url}/${file}`);
      assert.equal(script.status, 200, file);
      assert.ok((await script.text()).length > 1000, file);
    }
  });

  it('ships the Shopify pixel, the WooCommerce plugin zip and the deployment files, and prints the pixel from there', async () => {
    for (const file of ['systemd/shopbeacon.service', 'nginx/shopbeacon.conf'])
      assert.ok(existsSync(join(app, 'node_modules', 'shopbeacon', 'deploy', file)), file);
    const installed = join(app, 'node_modules', 'shopbeacon', 'dist');
    assert.ok(existsSync(join(installed, 'shopify-pixel.js')));
    assert.ok(statSync(join(installed, 'shopbeacon-woocommerce.zip')).size > 1000);
    const { stdout } = await run(
      join(app, 'node_modules', '.bin', 'shopbeacon'),
      ['pixel', 'shopify', '--relay', 'https://sb.shop.example'],
      {
        cwd: app,
        env: cleanEnv(),
      },
    );
    assert.match(stdout, /const SHOPBEACON_RELAY = "https:\/\/sb\.shop\.example";/);
  });

  it("installs better-sqlite3's prebuilt binary instead of compiling SQLite", () => {
    const installed = join(app, 'node_modules', 'better-sqlite3', 'build');
    assert.ok(existsSync(join(installed, 'Release', 'better_sqlite3.node')));
    assert.equal(existsSync(join(installed, 'Release', 'obj.target')), false, 'node-gyp compiled it');
  });

  it('installs no development dependency', () => {
    for (const dev of ['typescript', 'rollup', '@playwright/test', 'eslint', 'tsx', 'fflate'])
      assert.equal(existsSync(join(app, 'node_modules', dev)), false, dev);
  });
});
