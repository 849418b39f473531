// A Node release from the npm registry (`node-<platform>-<arch>`: the official binaries with their
// headers), the one source of Node every machine that installs us can reach. The Node matrix runs
// the suites on it; the image's locally made base carries it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

const CACHE = join(dirname(new URL(import.meta.url).pathname), '..', 'node_modules', '.cache', 'shopbeacon-node');

/**
 * The newest release of `major` for this platform, unpacked once into the cache: its version and
 * folder (bin/node, include/node).
 */
export function fetchNode(major) {
  const name = `node-${process.platform}-${process.arch}`;
  const versions = [].concat(
    JSON.parse(execFileSync('npm', ['view', `${name}@${major}`, 'version', '--json'], { encoding: 'utf8' })),
  );
  // npm lists them in publishing order, not by version (24.9.0 came after 24.21.0).
  const version = versions.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1);
  const dir = join(CACHE, version);
  if (!existsSync(join(dir, 'package', 'bin', 'node'))) {
    mkdirSync(dir, { recursive: true });
    const tarball = execFileSync('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', dir], {
      encoding: 'utf8',
    }).trim();
    execFileSync('tar', ['xzf', join(dir, tarball), '-C', dir]);
  }
  return { version: `v${version}`, nodeDir: join(dir, 'package') };
}
