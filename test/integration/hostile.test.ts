import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { collectEventToRecord } from '../../relay/collect/collect-event.js';
import { validateOrder, validateProduct, validateTrackingEvent } from '../../relay/contract/validate.js';
import { createMockUpstream, type MockUpstream } from '../../relay/mock-upstream/index.js';
import { hostileCorpus, type HostileCase } from '../helpers/hostile-corpus.js';
import { ADMIN_KEY, BROWSER_UA, SERVICE_TOKEN, until } from '../helpers/relay-harness.js';
import { killHard, spawnRelay, type RelayProcess } from '../helpers/relay-process.js';

interface Answer {
  status: number;
  json: Record<string, unknown> | undefined;
}

async function send(url: string, c: HostileCase): Promise<Answer> {
  const headers: Record<string, string> = {
    'content-type': c.contentType ?? (c.path === '/collect' ? 'text/plain;charset=UTF-8' : 'application/json'),
    'user-agent': BROWSER_UA,
    ...(c.path === '/collect' ? {} : { authorization: `Bearer ${ADMIN_KEY}` }),
    ...c.headers,
  };
  try {
    const response = await request(url + c.path, { method: 'POST', headers, body: c.body });
    const text = await response.body.text();
    let json: Record<string, unknown> | undefined;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    return { status: response.statusCode, json };
  } catch (error) {
    // The relay may answer 413 and close before a 10 MB body is sent: the client sees a reset.
    if (c.body.length > 1 << 20) return { status: 413, json: { error: 'closed_early' } };
    throw error;
  }
}

/** The corpus is sent this many times: memory after the first round and the last must stay level. */
const ROUNDS = 4;

const MIRROR_VALIDATORS = {
  '/v1/orders': validateOrder,
  '/v1/products/catalog': validateProduct,
  '/v1/track': validateTrackingEvent,
} as const;

/** What the contract says about a well-formed JSON case: accepted (2xx) or refused (4xx). */
function contractAccepts(c: HostileCase, now: number): boolean {
  const value = JSON.parse(String(c.body)) as { events?: unknown[] };
  if (c.path === '/collect')
    return collectEventToRecord(
      value.events?.[0],
      { identity: { userId: 'u', sessionId: 's', userCookie: 'u', sessionStart: 0 }, skewMs: 0 },
      now,
    ).ok;
  return MIRROR_VALIDATORS[c.path](value, { now }).ok;
}

async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
}

async function runCorpus(url: string, corpus: HostileCase[], now: number): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < corpus.length) {
      const c = corpus[next++]!;
      const answer = await send(url, c);
      const refusedAsJson = answer.status >= 400 && answer.status < 500 && typeof answer.json?.['error'] === 'string';
      const accepted = answer.status === 200 || answer.status === 202;
      const expected = c.expect === 'refused' ? false : contractAccepts(c, now);
      if (answer.status >= 500) failures.push(`${c.path} ${c.name}: ${answer.status}`);
      else if (expected ? !accepted : !refusedAsJson)
        failures.push(
          `${c.path} ${c.name}: ${answer.status} ${JSON.stringify(answer.json)?.slice(0, 200)} (expected ${expected ? 'accepted' : 'a 4xx JSON error'})`,
        );
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return failures;
}

describe('hostile input to /collect and the /v1 mirror', () => {
  let mock: MockUpstream;
  let relay: RelayProcess;
  before(async () => {
    mock = await createMockUpstream({ token: SERVICE_TOKEN });
    relay = await spawnRelay(mock.url, mkdtempSync(join(tmpdir(), 'sb-hostile-')));
  });
  after(async () => {
    await killHard(relay);
    await mock.close();
  });

  it('answers every case of the corpus, four times, with a 4xx JSON error or, where the contract allows it, an acceptance; never a 5xx; the heap stays level', async () => {
    const now = Date.now();
    const corpus = hostileCorpus(now);
    assert.ok(corpus.length >= 500, `${corpus.length} cases`);
    const memory = async () => ({
      rss: await metric(relay.url, 'process_resident_memory_bytes'),
      heap: await metric(relay.url, 'nodejs_heap_size_used_bytes'),
    });
    const start = await memory();
    const failures = await runCorpus(relay.url, corpus, now);
    const afterFirst = await memory();
    for (let round = 2; round <= ROUNDS; round++) failures.push(...(await runCorpus(relay.url, corpus, now)));
    const end = await memory();
    const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
    console.log(
      `# hostile corpus: ${corpus.length} cases x ${ROUNDS} rounds, ${failures.length} wrong answers; RSS ${mb(start.rss)} MB at start, ${mb(afterFirst.rss)} after round 1, ${mb(end.rss)} after round ${ROUNDS}; heap used ${mb(start.heap)}, ${mb(afterFirst.heap)}, ${mb(end.heap)} MB`,
    );
    assert.deepEqual(failures.slice(0, 20), []);
    // Heap, not RSS: RSS keeps pages the 10 MB bodies once used. Bounded = no growth with repetition.
    assert.ok(
      end.heap - afterFirst.heap < 48 * 1048576,
      `heap grew ${mb(end.heap - afterFirst.heap)} MB over rounds 2-${ROUNDS}`,
    );
    assert.ok(end.rss < 512 * 1048576, `RSS ${mb(end.rss)} MB`);
    assert.equal((await fetch(`${relay.url}/healthz`)).status, 200);
  });

  it('delivers everything it accepted from the corpus: the service refused none of it (no dead letter)', async () => {
    const stats = async () =>
      (await (await fetch(`${relay.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as {
        outbox: { queued: Record<string, number>; dead: Record<string, number> };
      };
    await until(async () => Object.values((await stats()).outbox.queued).every((n) => n === 0), 'an empty outbox');
    assert.deepEqual((await stats()).outbox.dead, { event: 0, order: 0, product: 0 });
    const proto = mock.records('events').find((e) => JSON.stringify(e).includes('"__proto__"'));
    assert.ok(proto, 'the event holding a __proto__ key reached the service with it');
  });

  it('keeps the per-IP limit for thousands of user ids from one address, whatever X-Forwarded-For says', async () => {
    const limited = await spawnRelay(mock.url, mkdtempSync(join(tmpdir(), 'sb-limit-')), {
      SHOPBEACON_RATE_LIMIT_IP: '600',
      SHOPBEACON_RATE_LIMIT_USER: '120',
    });
    try {
      const statuses: number[] = [];
      for (let batch = 0; batch < 40; batch++) {
        const events = Array.from({ length: 50 }, (_, i) => ({
          event_id: `ip-${batch}-${i}`,
          user_id: `user-${batch}-${i}`,
          event_name: 'Page',
          event: {},
        }));
        const answer = await send(limited.url, {
          name: 'many users',
          path: '/collect',
          body: JSON.stringify({ events }),
          headers: { 'x-forwarded-for': `203.0.113.${batch}` },
          expect: 'contract',
        });
        statuses.push(answer.status);
      }
      assert.equal(statuses.filter((s) => s === 200).length, 12, statuses.join(','));
      assert.ok(statuses.slice(12).every((s) => s === 429));
    } finally {
      await killHard(limited);
    }
  });

  it('ignores identity cookies holding garbage and issues fresh ids', async () => {
    const garbage = [
      '_sb_uid=%00%ff; _sb_sid=..',
      '_sb_uid=' + 'a'.repeat(5000),
      '_sb_uid=<script>; _sb_sid=1.2.3.4.5',
      '_sb_uid="quoted"; _sb_uid=second',
      '=; ;;; _sb_sid',
    ];
    for (const cookie of garbage) {
      const answer = await request(`${relay.url}/collect`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'user-agent': BROWSER_UA, cookie },
        body: JSON.stringify({ event_name: 'Page', event: {} }),
      });
      assert.equal(answer.statusCode, 200, cookie.slice(0, 40));
      await answer.body.dump();
      assert.match(String(answer.headers['set-cookie']), /_sb_uid=[\w-]{8,64};/);
    }
  });
});

describe('a slow client', () => {
  it('is cut off with 408 once the request timeout passes, and the relay keeps answering others', async () => {
    const mock = await createMockUpstream({ token: SERVICE_TOKEN });
    const relay = await spawnRelay(mock.url, mkdtempSync(join(tmpdir(), 'sb-slow-')), {
      SHOPBEACON_REQUEST_TIMEOUT_MS: '1000',
    });
    const { connect } = await import('node:net');
    const { port, hostname } = new URL(relay.url);
    try {
      const socket = connect(Number(port), hostname);
      socket.write(`POST /collect HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n`);
      const trickle = setInterval(() => socket.write('{'), 200);
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
        clearInterval(trickle);
      });
      // A byte trickled after the relay stopped reading makes its close a reset (RST): the 408 has
      // come before it, and a reset without a listener would be an uncaught error (seen beside the
      // browser tier, when this process read the answer late).
      socket.on('error', () => undefined);
      const started = Date.now();
      await new Promise((resolve) => socket.on('close', resolve));
      clearInterval(trickle);
      console.log(`# slow client: cut off after ${Date.now() - started} ms with "${answer.split('\r\n')[0]}"`);
      assert.match(answer, /^HTTP\/1\.1 408/);
      assert.equal((await fetch(`${relay.url}/healthz`)).status, 200);
    } finally {
      await killHard(relay);
      await mock.close();
    }
  });
});
