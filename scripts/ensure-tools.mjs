// Makes sure the integration tests have the real servers they start: redis-server (the Redis
// suites), nginx (the deployment test) and php (the WooCommerce plugin's tests). Installs Debian's packages as root; elsewhere says how,
// and the suites that need them are then reported as skipped (a failure under CI=true).
import { canInstallFromDebian, hasCommand, installFromDebian } from './debian-install.mjs';

const TOOLS = [
  { command: 'redis-server', pkg: 'redis-server', suites: 'the Redis suites' },
  { command: 'nginx', pkg: 'nginx', suites: 'the nginx deployment test' },
  { command: 'php', pkg: 'php-cli', suites: 'the WooCommerce plugin tests' },
];

const missing = TOOLS.filter((tool) => !hasCommand(tool.command) && !hasCommand(`/usr/sbin/${tool.command}`));
if (missing.length > 0 && canInstallFromDebian()) {
  try {
    installFromDebian(
      missing.map((tool) => tool.pkg),
      `not found: ${missing.map((tool) => tool.command).join(', ')}`,
    );
  } catch {
    console.error('apt-get could not install them; the suites that need them will be reported as skipped.');
  }
}
for (const tool of TOOLS) {
  const found = hasCommand(tool.command) || hasCommand(`/usr/sbin/${tool.command}`);
  if (!found) console.log(`${tool.command} is not installed, so ${tool.suites} will be skipped: install it (Debian: apt-get install ${tool.pkg}).`);
}
