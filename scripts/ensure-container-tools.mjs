// Makes sure the image's tests have a container engine: podman (with runc, as these machines need),
// podman-compose for deploy/compose.yaml, debootstrap to make a base when no registry answers, and
// openssl for the service's certificate. Installs Debian's packages as root when podman is absent
// and docker does not run; elsewhere says how, and the suites are then reported as skipped (a
// failure under CI=true).
import { canInstallFromDebian, hasCommand, installFromDebian } from './debian-install.mjs';
import { findEngine } from './container/container-engine.mjs';

const PACKAGES = [
  { command: 'podman', pkg: 'podman' },
  { command: 'runc', pkg: 'runc' },
  { command: 'podman-compose', pkg: 'podman-compose' },
  { command: 'debootstrap', pkg: 'debootstrap' },
  { command: 'openssl', pkg: 'openssl' },
];

const engine = findEngine();
const missing =
  engine?.command === 'docker'
    ? []
    : PACKAGES.filter(({ command }) => !hasCommand(command) && !hasCommand(`/usr/sbin/${command}`));
if (missing.length > 0 && canInstallFromDebian()) {
  try {
    installFromDebian(
      missing.map(({ pkg }) => pkg),
      `not found: ${missing.map(({ command }) => command).join(', ')}`,
    );
  } catch {
    console.error('apt-get could not install them; the container suites will be reported as skipped.');
  }
}
if (!findEngine())
  console.log(
    'no container engine runs here, so the container suites will be skipped: install podman (Debian: apt-get install podman runc podman-compose debootstrap).',
  );
