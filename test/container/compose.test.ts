// deploy/compose.yaml as a merchant runs it: two relays behind nginx, Redis with the Streams
// outbox. One relay is killed while it holds records the service has not yet taken; the other
// delivers every acknowledged event, each once.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../../scripts/container/container-engine.mjs';
import { createMockUpstream, type MockUpstream } from '../../relay/mock-upstream/create-mock-upstream.js';
import { collect } from '../helpers/collect.js';
import {
  composeCommand,
  composeFolder,
  composeUnavailableReason,
  ensureComposeImages,
  selfSignedCertificate,
  serviceCallers,
  tlsFront,
} from '../helpers/compose.js';
import { containerEngine, engineOk, engineRun } from '../helpers/container.js';
import type { NginxServer } from '../helpers/nginx-server.js';
import { SERVICE_TOKEN, until } from '../helpers/relay-harness.js';
import { freePort } from '../helpers/redis-server.js';
import { unmetRequirement } from '../helpers/requirement.js';

const found = containerEngine();
const reason = found.reason ?? composeUnavailableReason(found.engine as Engine);
const PROJECT = `sbcompose${process.pid}`;
/** The project's network, made before `up` so that its gateway, this machine, is known. */
const SUBNET = `10.213.${process.pid % 250}`;
const SERVICE_HOST = 'service.test';

/**
 * What the test adds to the merchant's compose file: where the service is and its CA, a shorter
 * timeout (a killed relay's claims pass to the other after three). A call that outlasts it is
 * sent again though the service may have it: at 1.5 s, one CI run in about twenty-five, slow
 * throughout (49 s against 17), got one event twice; each call's status and time now show why.
 */
const TEST_OVERRIDE = `x-test: &test
  environment:
    NODE_EXTRA_CA_CERTS: /run/secrets/service_ca
    SHOPBEACON_DELIVERY_TIMEOUT_MS: "4000"
    SHOPBEACON_NEW_VISITORS_PER_HOUR: "0"
    SHOPBEACON_LOG_LEVEL: info
  extra_hosts: ["${SERVICE_HOST}:${SUBNET}.1"]
  secrets: [service_ca]
services:
  relay-a: *test
  relay-b: *test
secrets:
  service_ca:
    file: ./service-ca.pem
`;

const event = (n: number) => ({
  event_id: `compose-${n}`,
  user_id: `u-compose-${n}`,
  event_name: 'Page Viewed',
  event: { n },
});

describe('the compose file: two relays, nginx, Redis', { skip: unmetRequirement('the compose file', reason) }, () => {
  const engine = found.engine as Engine;
  const [command, ...composeArgs] = composeCommand(engine);
  let folder = '';
  let mock: MockUpstream;
  let front: NginxServer;
  let httpPort = 0;
  let volumesBefore: string[] = [];
  const volumes = () => engineOk(engine, ['volume', 'ls', '-q']).split('\n').filter(Boolean);
  const compose = (...args: string[]) => {
    const env = {
      ...engine.env,
      SHOPBEACON_BASE_URL: `https://${SERVICE_HOST}:${front.port}`,
      SHOPBEACON_HTTP_PORT: String(httpPort),
    };
    const result = spawnCompose(
      command as string,
      [
        ...composeArgs,
        '-p',
        PROJECT,
        '-f',
        join(folder, 'compose.yaml'),
        '-f',
        join(folder, 'compose.test.yaml'),
        ...args,
      ],
      env,
    );
    assert.equal(result.status, 0, `${command} ${args.join(' ')}: ${result.output}`);
  };

  before(async () => {
    ensureComposeImages(engine);
    folder = composeFolder(SERVICE_TOKEN);
    writeFileSync(join(folder, 'compose.test.yaml'), TEST_OVERRIDE);
    mock = await createMockUpstream({ token: SERVICE_TOKEN });
    front = await tlsFront(mock.url, selfSignedCertificate(folder, SERVICE_HOST));
    httpPort = await freePort();
    engineRun(engine, ['network', 'rm', '-f', `${PROJECT}_default`]);
    engineOk(engine, [
      'network',
      'create',
      '--subnet',
      `${SUBNET}.0/24`,
      '--gateway',
      `${SUBNET}.1`,
      `${PROJECT}_default`,
    ]);
    volumesBefore = volumes();
    compose('up', '-d');
  });
  after(async () => {
    if (folder && !process.env['KEEP']) compose('down', '-v');
    engineRun(engine, ['network', 'rm', '-f', `${PROJECT}_default`]);
    await front?.stop();
    await mock?.close();
    // `down -v` leaves no volume behind: the relays keep nothing on /data (a tmpfs), Redis's is named.
    if (folder && !process.env['KEEP'])
      assert.deepEqual(
        volumes().filter((v) => !volumesBefore.includes(v)),
        [],
      );
  });

  it('loses nothing when a relay is killed holding records the service has not taken, and sends each once', async () => {
    const door = `http://127.0.0.1:${httpPort}`;
    // The service answers 503 for now: whatever a relay claims, it keeps.
    mock.setFaults({ failRate: 1, failStatus: 503 });
    const acknowledged: string[] = [];
    const send = async (n: number) => {
      const answer = await collect(`${door}/sb`, { events: [event(n)] }, { origin: door }).catch(() => undefined);
      if (answer?.status === 200) acknowledged.push(`u-compose-${n}`);
    };
    // Up once an event is taken: nginx, a relay and its Redis all answering (the same id again is one event).
    await until(async () => (await send(0), acknowledged.length > 0), 'nginx, a relay and Redis taking an event');
    for (let n = 1; n < 40; n++) await send(n);
    // A consumer group hands each record to one relay: whichever claimed first may hold them all,
    // so the relay killed is the one the service has heard from, holding what it claimed.
    await until(() => serviceCallers(front).size > 0, 'a relay trying to deliver').catch((error: Error) => {
      throw new Error(
        `${error.message} (${acknowledged.length} of 40 acknowledged); ${whereRecordsWait(engine, front)}`,
      );
    });
    const holder = relayAt(engine, [...serviceCallers(front)]);
    engineOk(engine, ['rm', '-f', '-t', '0', holder]);
    for (let n = 40; n < 80; n++) await send(n);
    mock.setFaults({ failRate: 0 });

    const delivered = () => mock.records('events').map((record) => (record as { user_id: string }).user_id);
    await until(
      () => acknowledged.every((user) => delivered().includes(user)),
      'every acknowledged event, through the surviving relay',
    );
    const users = delivered();
    console.log(
      `# compose: ${acknowledged.length} of 80 acknowledged through nginx, ${holder} killed after 40, ${new Set(users).size} delivered, ${users.length - new Set(users).size} duplicates`,
    );
    assert.ok(acknowledged.length >= 78, `acknowledged ${acknowledged.length} of 80`);
    assert.equal(users.length, new Set(users).size, `each event once; ${duplicatesExplained(engine, front, users)}`);
  });
});

/** The relay container whose address on the project's network is among `addresses`. */
function relayAt(engine: Engine, addresses: string[]): string {
  for (const relay of ['relay-a', 'relay-b']) {
    const name = `${PROJECT}_${relay}_1`;
    const address = engineOk(engine, [
      'inspect',
      '-f',
      '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}',
      name,
    ]).trim();
    if (addresses.includes(address)) return name;
  }
  throw new Error(`no relay has any of the addresses ${addresses.join(', ')}`);
}

/** What a failed wait shows (it failed once in CI with nothing in the relays' logs): the relays, the stream, the service's front. */
function whereRecordsWait(engine: Engine, front: NginxServer): string {
  const relays = ['relay-a', 'relay-b']
    .map((relay) => `${relay}: ${logsOf(engineRun(engine, ['logs', `${PROJECT}_${relay}_1`]))}`)
    .join('\n');
  const redis = (...command: string[]) =>
    logsOf(engineRun(engine, ['exec', `${PROJECT}_redis_1`, 'redis-cli', ...command]));
  const stream = `XLEN ${redis('XLEN', 'shopbeacon:outbox')}; groups ${redis('XINFO', 'GROUPS', 'shopbeacon:outbox')}`;
  const log = join(front.dir, 'front.log');
  const errors = existsSync(log) ? readFileSync(log, 'utf8').slice(-1500) : '(nothing)';
  return `the relays printed: ${relays}\nthe stream: ${stream}\nthe service's front logged: ${errors}`;
}

/** What a duplicate shows: which events, the calls the service's front did not answer 200 or 503 at once, the survivor's log. */
function duplicatesExplained(engine: Engine, front: NginxServer, users: string[]): string {
  const twice = users.filter((user, i) => users.indexOf(user) !== i);
  if (twice.length === 0) return 'none twice';
  const calls = readFileSync(join(front.dir, 'callers.log'), 'utf8').split('\n').filter(Boolean);
  const odd = calls.filter((line) => {
    const [, status, seconds] = line.split(' ');
    return !(status === '200' || status === '503') || Number(seconds) > 1;
  });
  const relays = ['relay-a', 'relay-b']
    .map((relay) => `${relay}: ${logsOf(engineRun(engine, ['logs', `${PROJECT}_${relay}_1`]))}`)
    .join('\n');
  return `twice: ${twice.join(', ')}; ${calls.length} calls, these not answered 200/503 within 1 s: ${odd.slice(-20).join(' | ') || 'none'}\n${relays}`;
}

const logsOf = ({ stdout, stderr }: { stdout: string; stderr: string }) => `${stdout}\n${stderr}`.slice(-1500);

function spawnCompose(command: string, args: string[], env: NodeJS.ProcessEnv): { status: number; output: string } {
  const result = spawnSync(command, args, { env, encoding: 'utf8', timeout: 300_000 });
  return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}`.slice(-4000) };
}
