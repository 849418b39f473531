// Makes sure the integration tests have the real servers they start: redis-server (the Redis
// suites), nginx (the deployment test) and php with mbstring (the plugin's and the module's tests:
// PrestaShop requires mbstring, and Debian's php-cli leaves it out). Installs Debian's packages as
// root; elsewhere says how, and the suites that need them are then reported as skipped (a failure
// under CI=true).
import { spawnSync } from 'node:child_process';
import { canInstallFromDebian, hasCommand, installFromDebian } from './debian-install.mjs';

const onPath = (command) => hasCommand(command) || hasCommand(`/usr/sbin/${command}`);
const phpHasMbstring = () =>
  spawnSync('php', ['-r', 'exit(extension_loaded("mbstring") ? 0 : 1);'], { stdio: 'ignore' }).status === 0;

const TOOLS = [
  {
    name: 'redis-server',
    packages: ['redis-server'],
    present: () => onPath('redis-server'),
    suites: 'the Redis suites',
  },
  { name: 'nginx', packages: ['nginx'], present: () => onPath('nginx'), suites: 'the nginx deployment test' },
  {
    name: 'php with mbstring',
    packages: ['php-cli', 'php-mbstring'],
    present: () => onPath('php') && phpHasMbstring(),
    suites: 'the WooCommerce plugin and PrestaShop module tests',
  },
];

const missing = TOOLS.filter((tool) => !tool.present());
if (missing.length > 0 && canInstallFromDebian()) {
  try {
    installFromDebian(
      missing.flatMap((tool) => tool.packages),
      `not found: ${missing.map((tool) => tool.name).join(', ')}`,
    );
  } catch {
    console.error('apt-get could not install them; the suites that need them will be reported as skipped.');
  }
}
for (const tool of TOOLS.filter((each) => !each.present())) {
  console.log(
    `${tool.name} is not installed, so ${tool.suites} will be skipped: install it (Debian: apt-get install ${tool.packages.join(' ')}).`,
  );
}
