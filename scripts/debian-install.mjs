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

/** `apt-get install` of the packages, saying so first; throws when apt-get fails. */
export function installFromDebian(packages, why) {
  console.log(`${why}: installing Debian's ${packages.join(', ')} (apt-get).`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')} >/dev/null`, { stdio: 'inherit' });
}
