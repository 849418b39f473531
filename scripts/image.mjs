// `npm run image`: builds the relay's image, localhost/shopbeacon:latest and :<version>, with
// podman or docker (whichever runs here), from the repository's Dockerfile. When the Dockerfile's
// base cannot be pulled (no registry reachable) it is made locally first (container/base-images.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { askEngine, findEngine, runEngine } from './container/container-engine.mjs';
import { ensureNodeBase } from './container/base-images.mjs';

export const IMAGE = 'localhost/shopbeacon';

/** The CA file this machine's npm trusts beyond Node's own (a proxy that signs TLS itself), if any. */
function extraCertificates() {
  const npmCafile = execFileSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8' }).trim();
  return [process.env.NODE_EXTRA_CA_CERTS, npmCafile].find((file) => file && file !== 'null' && existsSync(file));
}

/** Builds the image with `engine`; its tags. */
export function buildImage(engine) {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  ensureNodeBase(engine);
  const tags = [`${IMAGE}:latest`, `${IMAGE}:${version}`];
  // podman: the docker format keeps the HEALTHCHECK (OCI has no field for it); host networking
  // because a machine without a bridge can still reach Debian's mirror and npm's registry so.
  const engineFlags = engine.podman ? ['--format', 'docker', '--network', 'host'] : [];
  const certificates = extraCertificates();
  const secret = certificates ? ['--secret', `id=ca_certificates,src=${certificates}`] : [];
  runEngine(engine, ['build', ...engineFlags, ...secret, ...tags.flatMap((tag) => ['-t', tag]), '.']);
  return tags;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engine = findEngine();
  if (!engine) {
    console.error(
      'image: neither podman nor docker runs containers here: install one (Debian: apt-get install podman runc) and run again',
    );
    process.exit(1);
  }
  const began = Date.now();
  try {
    const tags = buildImage(engine);
    const bytes = Number(askEngine(engine, ['image', 'inspect', '--format', '{{.Size}}', tags[0]]));
    console.log(
      `image: built ${tags.join(' and ')} with ${engine.command} in ${Math.round((Date.now() - began) / 1000)} s, ${Math.round(bytes / 1e6)} MB`,
    );
  } catch (error) {
    console.error(`image: ${error.message}`);
    process.exit(1);
  }
}
