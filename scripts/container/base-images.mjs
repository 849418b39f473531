// Base images pulled, or made here when no registry can be reached, under the official images'
// names so that the Dockerfile and compose file users run are the ones this machine runs:
// `debian:<release>-slim` from Debian's minbase (debootstrap), and the Dockerfile's
// `node:<major>-<release>-slim`, that with Node from the npm registry in /usr/local and the `node`
// user (uid 1000), laid out as the official image is.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canInstallFromDebian, hasCommand, installFromDebian } from '../debian-install.mjs';
import { fetchNode } from '../node-release.mjs';
import { hasImage, imageAvailable } from './container-engine.mjs';

const DEBIAN_MIRROR = 'http://deb.debian.org/debian';
/** Files the slim image leaves out too: documentation, manuals, translations, apt's caches. */
const TRIMMED = [
  'usr/share/doc',
  'usr/share/man',
  'usr/share/info',
  'usr/share/locale',
  'var/cache/apt',
  'var/lib/apt/lists',
  'var/log',
];

/** The base the Dockerfile names (`ARG NODE_BASE=`), with the Node major and Debian release its tag gives. */
export function dockerfileBase(dockerfile = 'Dockerfile') {
  const name = /^ARG NODE_BASE=(\S+)$/m.exec(readFileSync(dockerfile, 'utf8'))?.[1];
  const tag = name && /:(\d+)-([a-z]+)-slim$/.exec(name);
  if (!name || !tag)
    throw new Error(
      `${dockerfile}: no "ARG NODE_BASE=<registry>/node:<major>-<debian>-slim" line to read the base from`,
    );
  return { name, major: tag[1], suite: tag[2] };
}

function run(command, args) {
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Node's binary and headers into /usr/local, npm beside them, as the official image has them. */
function addNode(root, major) {
  const { version, nodeDir } = fetchNode(major);
  cpSync(join(nodeDir, 'bin', 'node'), join(root, 'usr/local/bin/node'));
  cpSync(join(nodeDir, 'include'), join(root, 'usr/local/include'), { recursive: true });
  const npmDir = mkdtempSync(join(tmpdir(), 'shopbeacon-npm-'));
  const tarball = execFileSync('npm', ['pack', 'npm@11', '--silent', '--pack-destination', npmDir], {
    encoding: 'utf8',
  }).trim();
  const npmRoot = join(root, 'usr/local/lib/node_modules/npm');
  mkdirSync(npmRoot, { recursive: true });
  run('tar', ['xzf', join(npmDir, tarball), '-C', npmRoot, '--strip-components=1']);
  rmSync(npmDir, { recursive: true, force: true });
  symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(root, 'usr/local/bin/npm'));
  symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(root, 'usr/local/bin/npx'));
  return version;
}

/** Debian's minbase of `suite` in a new folder, trimmed as the slim images are: its path. */
function makeDebianRoot(suite) {
  if (!hasCommand('debootstrap')) {
    if (!canInstallFromDebian())
      throw new Error(
        'no image registry answered and debootstrap is not installed to make the base: install it (Debian: apt-get install debootstrap) and run again as root',
      );
    installFromDebian(['debootstrap'], 'the base image is made locally');
  }
  const root = mkdtempSync(join(tmpdir(), 'shopbeacon-base-'));
  console.log(`image: making a base from Debian ${suite} (debootstrap --variant=minbase, about a minute)`);
  run('debootstrap', ['--variant=minbase', suite, root, DEBIAN_MIRROR]);
  for (const path of TRIMMED) rmSync(join(root, path), { recursive: true, force: true });
  for (const path of ['var/cache/apt/archives/partial', 'var/lib/apt/lists/partial', 'var/log/apt'])
    mkdirSync(join(root, path), { recursive: true });
  return root;
}

/** Node and the `node` user added to a Debian root: the Node version added. */
function addNodeAndUser(root, major) {
  const version = addNode(root, major);
  run('chroot', [root, 'groupadd', '--gid', '1000', 'node']);
  run('chroot', [root, 'useradd', '--uid', '1000', '--gid', 'node', '--shell', '/bin/bash', '--create-home', 'node']);
  return version;
}

const SYSTEM_PATH = 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** Imports the folder as the image `name`, with the Dockerfile instructions `changes`. */
function importRoot(engine, root, name, changes) {
  const flags = changes.map((change) => `--change '${change}'`).join(' ');
  const tar = spawnSync(
    'sh',
    ['-c', `tar -C "$1" -c . | "$2" import ${flags} - "$3"`, 'sh', root, engine.command, name],
    {
      env: engine.env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (tar.status !== 0) throw new Error(`${engine.command} import of ${name} failed (exit ${tar.status})`);
}

/** Runs `use` on a fresh Debian root, removing it after. */
function withDebianRoot(suite, use) {
  const root = makeDebianRoot(suite);
  try {
    return use(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Makes sure `debian:<suite>-slim` is in the engine's store: there already, pulled, or made here. */
export function ensureDebianBase(engine, suite = 'bookworm') {
  const name = `docker.io/library/debian:${suite}-slim`;
  if (imageAvailable(engine, name)) return name;
  withDebianRoot(suite, (root) => importRoot(engine, root, name, [SYSTEM_PATH, 'CMD ["bash"]']));
  console.log(`image: ${name} made locally (Debian ${suite} minbase)`);
  return name;
}

/** Makes sure the Dockerfile's base is in the engine's store: there already, pulled, or made here. */
export function ensureNodeBase(engine, dockerfile = 'Dockerfile') {
  const { name, major, suite } = dockerfileBase(dockerfile);
  if (imageAvailable(engine, name)) return name;
  console.log(`image: ${name} cannot be pulled here (no registry answered), so it is made locally`);
  const version = withDebianRoot(suite, (root) => {
    const debian = `docker.io/library/debian:${suite}-slim`;
    if (!hasImage(engine, debian)) importRoot(engine, root, debian, [SYSTEM_PATH, 'CMD ["bash"]']);
    const added = addNodeAndUser(root, major);
    importRoot(engine, root, name, [SYSTEM_PATH, `ENV NODE_VERSION=${added.slice(1)}`, 'CMD ["node"]']);
    return added;
  });
  console.log(`image: ${name} made locally (Debian ${suite} minbase, Node ${version})`);
  return name;
}
