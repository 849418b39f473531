// Installing a missing system tool from Debian's packages, the one way the test scripts do it.
import { execSync, spawnSync } from 'node:child_process';

/** Whether a command is on the PATH. */
export function hasCommand(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Whether this process may install Debian packages itself (root, Linux, apt-get present). */
export function canInstallFromDebian() {
  return process.platform === 'linux' && process.getuid?.() === 0 && hasCommand('apt-get');
}

/**
 * One install at a time: `npm test` runs the tiers side by side, and on a fresh machine the
 * integration tier's tools and the browser tier's Chromium were both installing, the second
 * refused dpkg's lock. Each waits for the others' (flock), and for an apt run from outside (dpkg's own timeout).
 */
const LOCK_FILE = '/tmp/shopbeacon-apt.lock';
const APT_WAIT = '-o DPkg::Lock::Timeout=900';

/** `apt-get install` of the packages, saying so first; throws when apt-get fails. */
export function installFromDebian(packages, why) {
  console.log(`${why}: installing Debian's ${packages.join(', ')} (apt-get).`);
  const install = `apt-get ${APT_WAIT} update -qq && DEBIAN_FRONTEND=noninteractive apt-get ${APT_WAIT} install -y -qq ${packages.join(' ')} >/dev/null`;
  execSync(`flock -w 1800 ${LOCK_FILE} sh -c '${install}'`, { stdio: 'inherit' });
}
