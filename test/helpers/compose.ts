import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianBase } from '../../scripts/container/base-images.mjs';
import type { Engine } from '../../scripts/container/container-engine.mjs';
import { imageAvailable, runEngine } from '../../scripts/container/container-engine.mjs';
import { NginxServer } from './nginx-server.js';

/** The official images deploy/compose.yaml names besides ours, and the stand-ins made where none can be pulled. */
const STANDINS = [
  { image: 'docker.io/library/redis:7-bookworm', folder: 'test/container/standins/redis' },
  { image: 'docker.io/library/nginx:bookworm', folder: 'test/container/standins/nginx' },
];

/** Makes sure compose's Redis and nginx images are there: pulled, or built from Debian's packages. */
export function ensureComposeImages(engine: Engine): void {
  for (const { image, folder } of STANDINS) {
    if (imageAvailable(engine, image)) continue;
    ensureDebianBase(engine);
    runEngine(
      engine,
      [
        'build',
        ...(engine.podman ? ['--network', 'host'] : []),
        '-t',
        image,
        '-f',
        join(folder, 'Containerfile'),
        folder,
      ],
      {
        stdio: 'ignore',
      },
    );
  }
}

/** Why compose cannot run here, if it cannot. */
export function composeUnavailableReason(engine: Engine): string | undefined {
  const [command, ...args] = composeCommand(engine);
  return spawnSync(command as string, [...args, 'version'], { env: engine.env, stdio: 'ignore' }).status === 0
    ? undefined
    : `${command} ${args.join(' ')} is not installed (npm run test:container installs podman-compose as root)`;
}

/** `podman-compose` or `docker compose`. */
export function composeCommand(engine: Engine): string[] {
  return engine.podman ? ['podman-compose'] : ['docker', 'compose'];
}

/**
 * deploy/compose.yaml and the files it mounts, copied as they are into a new folder with the
 * token a merchant puts in secrets/, so the test runs the compose file as a merchant does.
 */
export function composeFolder(token: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-compose-'));
  chmodSync(dir, 0o755);
  for (const sub of ['compose', 'nginx', 'secrets']) mkdirSync(join(dir, sub), { mode: 0o755 });
  for (const file of ['compose.yaml', 'compose/nginx.conf', 'nginx/shopbeacon.conf'])
    copyFileSync(join('deploy', file), join(dir, file));
  writeFileSync(join(dir, 'secrets', 'shopbeacon_token'), token, { mode: 0o644 });
  return dir;
}

/** A self-signed certificate for `host`: its key and certificate files (the certificate is its own CA). */
export function selfSignedCertificate(dir: string, host: string): { key: string; cert: string } {
  const key = join(dir, 'service.key');
  const cert = join(dir, 'service-ca.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=DNS:${host}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  chmodSync(cert, 0o644);
  return { key, cert };
}

/**
 * The mock service behind TLS on every interface of this machine, as the relays in containers
 * reach a service: https (the relay refuses http beyond loopback), its CA given to them. Its
 * access log (`callers.log`) names each caller's address; `front.log` has its TLS handshakes' failures.
 */
export async function tlsFront(serviceUrl: string, certificate: { key: string; cert: string }): Promise<NginxServer> {
  const front = new NginxServer();
  // Each call's address first (serviceCallers reads it), then its answer and time: a duplicate's
  // cause shows there (499 is a caller that gave up waiting, the ambiguous case).
  return front.start(`log_format calls '$remote_addr $status $request_time $request_length $time_iso8601';
  server {
    listen 0.0.0.0:{{port}} ssl;
    ssl_certificate ${certificate.cert};
    ssl_certificate_key ${certificate.key};
    access_log ${join(front.dir, 'callers.log')} calls;
    error_log ${join(front.dir, 'front.log')} info;
    location / { proxy_pass ${serviceUrl}; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }`);
}

/** The addresses that have called the service through `front`. */
export function serviceCallers(front: NginxServer): Set<string> {
  const log = join(front.dir, 'callers.log');
  if (!existsSync(log)) return new Set();
  return new Set(
    readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(' ')[0] as string),
  );
}
