// The image `npm run image` builds, run as a merchant runs it: non-root, healthy, configured by
// the environment with its secrets in files, stopped cleanly, its outbox kept on the volume.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Engine } from '../../scripts/container/container-engine.mjs';
import { createMockUpstream } from '../../relay/mock-upstream/create-mock-upstream.js';
import { browserEvent, collect } from '../helpers/collect.js';
import {
  containerEngine,
  containerPrinted,
  engineOk,
  engineRun,
  IMAGE_TAG,
  removeContainers,
} from '../helpers/container.js';
import { ADMIN_KEY, SERVICE_TOKEN, until } from '../helpers/relay-harness.js';
import { freePort } from '../helpers/redis-server.js';
import { unmetRequirement } from '../helpers/requirement.js';

const { engine, reason } = containerEngine();
const suffix = `${process.pid}`;
const VOLUME = `sb-test-data-${suffix}`;
const FIRST = `sb-test-first-${suffix}`;
const SECOND = `sb-test-second-${suffix}`;

/** A folder holding the secrets as files, readable by the container's user (uid 1000). */
function secretsFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-secrets-'));
  chmodSync(dir, 0o755);
  for (const [name, value] of [
    ['token', `${SERVICE_TOKEN}\n`],
    ['admin_key', ADMIN_KEY],
  ] as const) {
    writeFileSync(join(dir, name), value);
    chmodSync(join(dir, name), 0o644);
  }
  return dir;
}

/** Starts the image detached on the host's network, its secrets from files, its outbox on VOLUME. */
function startRelay(engine: Engine, name: string, port: number, servicePort: number, secrets: string): void {
  engineOk(engine, [
    'run',
    '-d',
    '--name',
    name,
    '--network',
    'host',
    '-v',
    `${VOLUME}:/data`,
    '-v',
    `${secrets}:/run/secrets:ro`,
    '-e',
    `PORT=${port}`,
    '-e',
    `SHOPBEACON_BASE_URL=http://127.0.0.1:${servicePort}`,
    '-e',
    'SHOPBEACON_TOKEN_FILE=/run/secrets/token',
    '-e',
    'SHOPBEACON_ADMIN_KEY_FILE=/run/secrets/admin_key',
    '-e',
    'SHOPBEACON_TRUST_PROXY=0',
    IMAGE_TAG,
  ]);
}

describe('the container image', { skip: unmetRequirement('the container image', reason) }, () => {
  const e = engine as Engine;
  let secrets = '';

  before(() => {
    secrets = secretsFolder();
  });
  after(() => {
    if (!process.env.KEEP) removeContainers(e, [FIRST, SECOND], [VOLUME]);
  });

  it('runs the relay as a user other than root', () => {
    assert.equal(engineOk(e, ['image', 'inspect', '--format', '{{.Config.User}}', IMAGE_TAG]), '1000:1000');
    assert.equal(engineOk(e, ['run', '--rm', '--network', 'host', '--entrypoint', 'id', IMAGE_TAG, '-u']), '1000');
  });

  it('refuses to start without the service, naming the variables to set', () => {
    const { status, stderr } = engineRun(e, ['run', '--rm', '--network', 'host', IMAGE_TAG]);
    assert.equal(status, 1);
    assert.match(stderr, /SHOPBEACON_BASE_URL/);
    assert.match(stderr, /HOST \(--host\) 0\.0\.0\.0/);
  });

  it('reports healthy, exits 0 on stop, and the next container on its volume delivers what it acknowledged while the service was down', async () => {
    const port = await freePort();
    const servicePort = await freePort();
    startRelay(e, FIRST, port, servicePort, secrets);
    await containerPrinted(e, FIRST, /listening on http:\/\/[\d.:]+/);
    assert.equal(engineRun(e, ['healthcheck', 'run', FIRST]).status, 0, 'healthcheck run');
    const sent = Array.from({ length: 5 }, () => browserEvent());
    const answer = await collect(`http://127.0.0.1:${port}`, { events: sent }, { origin: `http://127.0.0.1:${port}` });
    assert.equal(answer.status, 200, answer.text);

    engineOk(e, ['stop', '-t', '20', FIRST]);
    assert.equal(engineOk(e, ['inspect', '--format', '{{.State.ExitCode}}', FIRST]), '0');
    const logs = engineOk(e, ['logs', FIRST]) + engineRun(e, ['logs', FIRST]).stderr;
    assert.ok(!logs.includes(SERVICE_TOKEN) && !logs.includes(ADMIN_KEY), 'no secret in the logs');
    assert.match(logs, /received SIGTERM, shutting down/);
    assert.equal(
      engineOk(e, [
        'run',
        '--rm',
        '--network',
        'host',
        '-v',
        `${VOLUME}:/data`,
        '--entrypoint',
        'stat',
        IMAGE_TAG,
        '-c',
        '%u %a',
        '/data',
      ]),
      '1000 700',
    );

    const mock = await createMockUpstream({ token: SERVICE_TOKEN, port: servicePort });
    try {
      startRelay(e, SECOND, port, servicePort, secrets);
      const seqs = sent.map((event) => (event['event'] as { seq: number }).seq);
      const delivered = () =>
        mock
          .records('events')
          .map((event) => (event as { event: { seq: number } }).event.seq)
          .filter((seq) => seqs.includes(seq));
      await until(
        () => new Set(delivered()).size === seqs.length,
        'the five events, delivered by the second container',
      );
      assert.deepEqual(delivered().sort(), [...seqs].sort(), 'each once');
    } finally {
      engineRun(e, ['stop', '-t', '20', SECOND]);
      await mock.close();
    }
    assert.equal(engineOk(e, ['inspect', '--format', '{{.State.ExitCode}}', SECOND]), '0');
  });
});
