// What the relay's public door lets through: keys long enough and slowed when wrong, a
// key that can only ingest, /readyz saying only its state to strangers, X-Forwarded-For believed
// only from the proxies named, a small webhook limit before any HMAC, text without control
// characters, and data files that are the relay's user's alone.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import { browserEvent, collect } from '../helpers/collect.js';
import { bearer, INGEST_KEY, trackEvent } from '../helpers/ingest-key.js';
import { ADMIN_KEY, startRelay, until } from '../helpers/relay-harness.js';

describe('the bill: visitors a browser could really be', () => {
  const madeUp = (i: number) => browserEvent({ user_id: `made-up-visitor-${String(i).padStart(4, '0')}` });

  it("lets a batch naming 100 made-up visitors bring two, as a browser that logs in on its first page does: the others' events are refused by name", async () => {
    const h = await startRelay();
    try {
      const answer = await collect(h.url, { events: Array.from({ length: 100 }, (_, i) => madeUp(i)) });
      assert.equal(answer.status, 200);
      assert.equal(answer.body['accepted'], 2);
      const rejected = answer.body['rejected'] as { errors: { path: string; message: string }[] }[];
      assert.equal(rejected.length, 98);
      assert.match(rejected[0]?.errors[0]?.message ?? '', /^names a third visitor in one batch/);
      await until(() => h.mock.records('events').length === 2, 'the two events at the service');
      const stats = (await (await fetch(`${h.url}/stats`, { headers: bearer(ADMIN_KEY) })).json()) as {
        newVisitors: { thisHour: { taken: number; refusedInBatch: number } };
      };
      assert.deepEqual([stats.newVisitors.thisHour.taken, stats.newVisitors.thisHour.refusedInBatch], [2, 98]);
      assert.match(
        await (await fetch(`${h.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).text(),
        /shopbeacon_new_visitors_total\{result="refused_in_batch"\} 98/,
      );
    } finally {
      await h.close();
    }
  });

  it('bounds the new visitors one address brings an hour with a 429 and Retry-After, while a shopper the relay knows goes on', async () => {
    const h = await startRelay({ config: { newVisitorsPerHour: '3' } });
    try {
      const first = await collect(h.url, { events: [madeUp(1)] });
      const known = first.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      for (const i of [2, 3]) assert.equal((await collect(h.url, { events: [madeUp(i)] })).status, 200);
      const over = await collect(h.url, { events: [madeUp(4)] });
      assert.equal(over.status, 429);
      assert.equal(over.body['error'], 'too_many_new_visitors');
      assert.ok(Number(over.headers.get('retry-after')) > 0 && Number(over.headers.get('retry-after')) <= 3600);
      const again = await collect(
        h.url,
        { events: [browserEvent({ user_id: 'made-up-visitor-0001' })] },
        { cookie: known },
      );
      assert.equal(again.status, 200, 'the visitor the relay vouched for is no new visitor: delayed never, lost never');
    } finally {
      await h.close();
    }
  });

  it("bills no more visitors than the address's budget to a chain whose cookie names the next id while its events name the one taken last", async () => {
    const budget = 4;
    const h = await startRelay({ config: { newVisitorsPerHour: String(budget) } });
    try {
      const id = (i: number) => `harvested-visitor-${String(i).padStart(4, '0')}`;
      let voucher = '';
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const cookie = `_sb_uid=${id(i + 1)}${voucher ? `; _sb_vid=${voucher}` : ''}`;
        const answer = await collect(h.url, { events: [browserEvent({ user_id: id(i) })] }, { cookie });
        statuses.push(answer.status);
        voucher = /_sb_vid=([\w-]+)/.exec(answer.headers.getSetCookie().join('; '))?.[1] ?? '';
      }
      const accepted = statuses.filter((s) => s === 200).length;
      await until(() => h.mock.records('events').length === accepted, 'what was accepted at the service');
      const billed = new Set(h.mock.records('events').map((e) => (e as { user_id: string }).user_id));
      assert.ok(
        billed.size <= budget,
        `${billed.size} visitors billed from one address with a budget of ${budget} (${statuses.join(' ')})`,
      );
      assert.ok(statuses.includes(429), 'the chain meets the budget');
      const warnings = h.logs.filter((line) =>
        line.includes(
          'new visitors refused: 127.0.0.1 brought more than its budget of visitors not yet billed this month',
        ),
      );
      assert.equal(warnings.length, 1, 'said once a minute per address, in the log at the first refusal');
      const stats = (await (await fetch(`${h.url}/stats`, { headers: bearer(ADMIN_KEY) })).json()) as {
        newVisitors: { thisHour: { refusedForAddress: number } };
      };
      assert.equal(stats.newVisitors.thisHour.refusedForAddress, statuses.filter((s) => s === 429).length);
    } finally {
      await h.close();
    }
  });

  it("refuses browser events dated more than 48 hours back, which no snippet's queue holds, and takes a visitor's of the last minutes", async () => {
    const h = await startRelay();
    try {
      const user = { user_id: 'queued-visitor-0001' };
      const first = await collect(h.url, { events: [browserEvent(user)] });
      const cookie = first.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      // Minutes, not a day: on the 1st a visitor's event of yesterday bills a month already settled, refused unless billed in it.
      const days = (n: number) => browserEvent({ ...user, captured_at: Date.now() - n * 86_400_000 });
      const answer = await collect(h.url, { events: [days(0.01), days(3), days(150)] }, { cookie });
      assert.equal(answer.body['accepted'], 1);
      const errors = (answer.body['rejected'] as { index: number; errors: { path: string; message: string }[] }[]).map(
        (r) => [r.index, r.errors.map((e) => e.path).join()],
      );
      assert.deepEqual(errors, [
        [1, 'datetime'],
        [2, 'datetime'],
      ]);
    } finally {
      await h.close();
    }
  });

  it("counts a visitor's events per address, so events sent in their name from elsewhere cannot silence them", async () => {
    const h = await startRelay({ config: { trustProxy: '1', rateLimitUser: '5', newVisitorsPerHour: '0' } });
    try {
      const victim = () => browserEvent({ user_id: 'the-victim-visitor-01' });
      const attack = await collect(
        h.url,
        { events: Array.from({ length: 6 }, victim) },
        { 'x-forwarded-for': '198.51.100.7' },
      );
      assert.equal(attack.status, 429, "the attacker empties only its own address's bucket for that visitor");
      assert.equal((await collect(h.url, { events: [victim()] }, { 'x-forwarded-for': '203.0.113.9' })).status, 200);
    } finally {
      await h.close();
    }
  });

  it("weighs the plugins' server-side events against their shopper's address, sparing a visitor billed this month, whatever voucher it carries", async () => {
    const h = await startRelay({ config: { ingestKey: INGEST_KEY, newVisitorsPerHour: '1' } });
    try {
      const post = (user: string, extra: Record<string, string> = {}) =>
        request(`${h.url}/v1/track`, {
          method: 'POST',
          headers: bearer(INGEST_KEY),
          body: JSON.stringify([{ ...trackEvent(), user_id: user, visitor_ip: '2001:db8:5:6::7', ...extra }]),
        });
      for (let i = 0; i < 3; i += 1) {
        const first = await post('fresh-visitor-000001');
        assert.equal(first.statusCode, 202, `cart action ${i + 1}: ${await first.body.text()}`);
      }
      // Three cart actions of one shopper took one visitor from the budget, not three.
      const second = await post('fresh-visitor-000002', { visitor_ip: '2001:db8:5:6:ffff::1' });
      assert.equal(second.statusCode, 429, 'the same /64: its budget of one is spent');
      assert.ok(Number(second.headers['retry-after']) > 0);
      await second.body.dump();
      const browser = await collect(
        h.url,
        { events: [browserEvent({ user_id: 'known-visitor-000003' })] },
        { 'x-forwarded-for': '203.0.113.50' },
      );
      assert.equal(browser.status, 200);
      const billed = await post('known-visitor-000003', { visitor_voucher: 'v'.repeat(32) });
      assert.equal(
        billed.statusCode,
        202,
        'a visitor the relay took from its browser this month costs the address nothing',
      );
      await billed.body.dump();
    } finally {
      await h.close();
    }
  });
});

describe("the bill's bounds hold across a restart, and the merchant's ceiling holds for every way in", () => {
  const visitor = (id: string, extra: Record<string, unknown> = {}) => browserEvent({ user_id: id, ...extra });

  it("keeps an address's spent budget and who was billed when the relay restarts on its data directory", async () => {
    const first = await startRelay({ config: { newVisitorsPerHour: '2' } });
    try {
      for (const id of ['restart-visitor-01', 'restart-visitor-02'])
        assert.equal((await collect(first.url, { events: [visitor(id)] })).status, 200);
      await first.stopRelay();
      const again = await startRelay({
        config: { newVisitorsPerHour: '2' },
        dataDir: first.dataDir,
        upstream: first.mock,
      });
      try {
        assert.equal((await collect(again.url, { events: [visitor('restart-visitor-03')] })).status, 429);
        assert.equal((await collect(again.url, { events: [visitor('restart-visitor-01')] })).status, 200);
      } finally {
        await again.close();
      }
    } finally {
      await first.close();
    }
  });

  it("refuses past SHOPBEACON_MAX_VISITORS_PER_MONTH a visitor not yet billed, from the browser or the shop's server, and says 80 % and 100 % in the log, /stats and /metrics", async () => {
    const h = await startRelay({ config: { maxVisitorsPerMonth: '5', ingestKey: INGEST_KEY } });
    try {
      for (let i = 1; i <= 4; i += 1)
        assert.equal((await collect(h.url, { events: [visitor(`ceiling-${i}-00000`)] })).status, 200);
      const track = (id: string, key: string) =>
        request(`${h.url}/v1/track`, {
          method: 'POST',
          headers: bearer(key),
          body: JSON.stringify({ ...trackEvent(), user_id: id }),
        });
      const fifth = await track('ceiling-5-00000', ADMIN_KEY);
      assert.equal(fifth.statusCode, 202, "the shop's own event counts against the ceiling too");
      await fifth.body.dump();
      const browser = await collect(h.url, { events: [visitor('ceiling-6-00000'), visitor('ceiling-1-00000')] });
      assert.deepEqual(
        [browser.status, browser.body['accepted']],
        [200, 1],
        'a visitor billed this month goes on being tracked',
      );
      const [refused] = browser.body['rejected'] as { index: number; errors: { path: string; message: string }[] }[];
      assert.equal(refused?.index, 0);
      assert.match(refused?.errors[0]?.message ?? '', /SHOPBEACON_MAX_VISITORS_PER_MONTH\): not sent, so not billed$/);
      for (const key of [ADMIN_KEY, INGEST_KEY]) {
        const server = await track('ceiling-7-00000', key);
        assert.equal(server.statusCode, 400);
        assert.match(await server.body.text(), /SHOPBEACON_MAX_VISITORS_PER_MONTH/);
      }
      assert.equal(h.logs.filter((l) => l.includes('visitor ceiling at 80 %: 4 of 5 visitors billed')).length, 1);
      assert.equal(h.logs.filter((l) => l.includes('visitor ceiling reached: 5 visitors billed')).length, 1);
      const stats = (await (await fetch(`${h.url}/stats`, { headers: bearer(ADMIN_KEY) })).json()) as {
        newVisitors: { ceiling: { month: { admitted: number; limit: number; share: number } } };
      };
      assert.deepEqual(
        [
          stats.newVisitors.ceiling.month.admitted,
          stats.newVisitors.ceiling.month.limit,
          stats.newVisitors.ceiling.month.share,
        ],
        [5, 5, 1],
      );
      const metrics = await (await fetch(`${h.url}/metrics`, { headers: bearer(ADMIN_KEY) })).text();
      assert.match(metrics, /shopbeacon_visitor_ceiling_share\{period="month"\} 1$/m);
      assert.match(metrics, /shopbeacon_visitor_ceiling_reached_total\{period="month",level="100"\} 1$/m);
      assert.match(metrics, /shopbeacon_new_visitors_total\{result="refused_by_ceiling"\} 3$/m);
      await until(() => h.mock.records('events').length === 6, 'what was let through, at the service');
      const billed = new Set(h.mock.records('events').map((e) => (e as { user_id: string }).user_id));
      assert.equal(billed.size, 5);
    } finally {
      await h.close();
    }
  });
});
