import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import Koa from 'koa';
import { collectRoute, type CollectOptions } from '../../../relay/collect/collect-route.js';
import { CustomerProof } from '../../../relay/collect/customer-proof.js';
import { SignedVisitorIds } from '../../../relay/collect/signed-visitor-ids.js';
import { RateLimits } from '../../../relay/collect/rate-limits.js';
import type { VisitorLimits } from '../../../relay/collect/visitor-budgets.js';
import { errorHandler } from '../../../relay/http/error-handler.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { createAccept } from '../../../relay/pipeline/accept.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import type { OutboxRecord } from '../../../relay/outbox/outbox.js';
import { createLogger } from '../../../relay/observability/logger.js';
import { browserEvent, collect } from '../../helpers/collect.js';
import { testDoor } from '../../helpers/visitor-door.js';

/**
 * `POST /collect` alone on a real Koa server (believing X-Forwarded-For), through a door of
 * `limits` (none by default), over an in-memory outbox: what it stores and answers.
 */
function collectServer(extra: Partial<CollectOptions> = {}, limits: Partial<VisitorLimits> = {}) {
  const stored: OutboxRecord[] = [];
  const door = testDoor(limits);
  let server: Server;
  const started = { url: '', stored };
  before(async () => {
    const events = new RecordEvents();
    const accept = createAccept({
      enqueueOnce: async (records) => (stored.push(...records), records.map(() => 'queued' as const)),
      events,
      onEnqueued: () => undefined,
    });
    const app = new Koa({ proxy: true });
    app.use(errorHandler({ logger: createLogger('silent') }));
    const route = collectRoute({
      accept,
      events,
      rateLimits: new RateLimits({ perIp: 0, perUser: 0 }),
      newVisitors: door.newVisitors,
      keepBots: false,
      cookieDomain: undefined,
      now: Date.now,
      ...extra,
    });
    app.use((ctx) => route(ctx));
    ({ server, url: started.url } = await listen(app.callback(), 0, '127.0.0.1'));
  });
  after(async () => {
    await stopListening(server);
    door.close();
  });
  return started;
}

const userCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith('_sb_uid='))
    ?.split(';')[0]
    ?.slice('_sb_uid='.length);

describe('collectRoute (relay/collect/collect-route.ts)', () => {
  const relay = collectServer();

  it("stores a browser's events with the visitor its cookies name, and sets the identity cookies", async () => {
    const answer = await collect(
      relay.url,
      { events: [browserEvent(), browserEvent()] },
      { cookie: '_sb_uid=anon-visitor-0001' },
    );
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body, { accepted: 2, duplicates: 0, dropped: 0, rejected: [] });
    assert.deepEqual(
      relay.stored.slice(-2).map((r) => r.body['user_id']),
      ['anon-visitor-0001', 'anon-visitor-0001'],
    );
    const cookies = answer.headers.getSetCookie().map((c) => c.split('=')[0]);
    assert.deepEqual(cookies, ['_sb_uid', '_sb_sid', '_sb_sst']);
  });

  it('answers 200 with the refused events named for a partial batch, and 400 when every event is refused', async () => {
    const partial = await collect(relay.url, { events: [browserEvent(), browserEvent({ event_name: 42 })] });
    assert.equal(partial.status, 200);
    assert.equal((partial.body['rejected'] as { index: number }[])[0]?.index, 1);
    const none = await collect(relay.url, { events: [browserEvent({ event_name: 42 })] });
    assert.equal(none.status, 400);
    assert.equal(none.body['error'], 'invalid_events');
  });

  it("drops a bot's batch before the outbox, saying how many, and marks the browser for the plugins", async () => {
    const before = relay.stored.length;
    const answer = await collect(
      relay.url,
      { events: [browserEvent()] },
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
    );
    assert.deepEqual(answer.body, { accepted: 0, duplicates: 0, dropped: 1, rejected: [] });
    assert.equal(relay.stored.length, before);
    assert.match(answer.headers.getSetCookie().join(';'), /_sb_bot=1/);
  });
});

describe("collectRoute through the door: a visitor not yet billed this month costs its address's budget and the ceiling", () => {
  const budgeted = collectServer({}, { perHour: 3 });
  const ceiling = collectServer({}, { maxPerMonth: 1 });

  it('charges the visitor a cookie names, whatever voucher comes with it, and answers 429 past the budget', async () => {
    const from = (cookie: string) =>
      collect(budgeted.url, { events: [browserEvent()] }, { cookie, 'x-forwarded-for': '198.51.100.20' });
    const statuses: number[] = [];
    for (const id of ['cookie-visitor-1', 'cookie-visitor-2', 'cookie-visitor-3', 'cookie-visitor-4'])
      statuses.push((await from(`_sb_uid=${id}; _sb_vid=${'v'.repeat(32)}`)).status);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    assert.equal((await from('_sb_uid=cookie-visitor-4')).body['error'], 'too_many_new_visitors');
    assert.equal((await from('_sb_uid=cookie-visitor-2')).status, 200, 'billed this month: free');
  });

  it('refuses past the ceiling by a 400 naming the setting, which the snippet does not send again, while billed visitors go on', async () => {
    const from = (address: string, user: string) =>
      collect(ceiling.url, { events: [browserEvent()] }, { cookie: `_sb_uid=${user}`, 'x-forwarded-for': address });
    assert.equal((await from('198.51.100.30', 'ceiling-visitor-1')).status, 200);
    const past = await from('198.51.100.31', 'ceiling-visitor-2');
    assert.equal(past.status, 400, 'not 408, 429 or 5xx: the snippet keeps only those');
    assert.equal(past.body['accepted'], 0);
    const [refused] = past.body['rejected'] as { errors: { path: string; message: string }[] }[];
    assert.equal(refused?.errors[0]?.path, 'user_id');
    assert.match(refused?.errors[0]?.message ?? '', /SHOPBEACON_MAX_VISITORS_PER_MONTH\): not sent, so not billed$/);
    assert.equal((await from('198.51.100.31', 'ceiling-visitor-1')).status, 200);
  });
});

describe('collectRoute with an identity secret: customer ids only with the shop proof, anonymous ids only the relay mints', () => {
  const SECRET = 'identity-secret-for-route-tests-0123456789';
  const relay = collectServer({ customerProof: new CustomerProof(SECRET) });
  const proofOf = (id: string) => createHmac('sha256', SECRET).update(id).digest('hex');

  /** Ids a shop may give its customers: a WooCommerce or PrestaShop number, a Shopify one, a UUID, anything a cookie holds. */
  const customerId = fc.oneof(
    fc.nat().map(String),
    fc.bigInt({ min: 10n ** 12n, max: 10n ** 14n }).map(String),
    fc.uuid(),
    fc.stringMatching(/^[\w-]{8,64}$/),
    fc.stringMatching(/^[!#-+\--:<-[\]-~]{1,128}$/),
  );
  /** What today's snippet mints (snippet/random-id.ts): 20 base64url characters. */
  const snippetId = fc.stringMatching(/^[\w-]{20}$/);

  const signed = new SignedVisitorIds(SECRET);
  const storedIds = (count: number) => relay.stored.slice(-count).map((r) => r.body['user_id']);

  it("keeps a shopper whose cookie today's snippet minted one visitor: the signed id derived from it, again on every request", async () => {
    const first = await collect(relay.url, { events: [browserEvent()] }, { cookie: '_sb_uid=Snippet-minted_id-20' });
    const visitor = String(userCookieOf(first.headers));
    assert.ok(signed.isSigned(visitor), visitor);
    assert.deepEqual(storedIds(1), [visitor]);
    const replayed = await collect(
      relay.url,
      { events: [browserEvent({ user_id: 'Snippet-minted_id-20' })] },
      { cookie: '_sb_uid=Snippet-minted_id-20' },
    );
    assert.equal(userCookieOf(replayed.headers), visitor, 'the page, holding the id in memory, sends it again');
    const kept = await collect(relay.url, { events: [browserEvent()] }, { cookie: `_sb_uid=${visitor}` });
    assert.equal(userCookieOf(kept.headers), visitor);
    assert.deepEqual(storedIds(2), [visitor, visitor]);
  });

  it('never sends a customer id named as an anonymous cookie: a Shopify-shaped number and a UUID each go as their own signed id', async () => {
    for (const customer of ['7234567890123', '3f2b8c1e-1234-4abc-9def-0123456789ab']) {
      const answer = await collect(relay.url, { events: [browserEvent()] }, { cookie: `_sb_uid=${customer}` });
      assert.equal(answer.status, 200, answer.text);
      const [stored] = storedIds(1);
      assert.notEqual(stored, customer);
      assert.ok(signed.isSigned(String(stored)));
      assert.equal(userCookieOf(answer.headers), stored);
    }
  });

  it('gives a browser with no id a new signed one, which its next request keeps', async () => {
    const answer = await collect(relay.url, { events: [browserEvent()] });
    const visitor = String(userCookieOf(answer.headers));
    assert.ok(signed.isSigned(visitor), visitor);
    const next = await collect(relay.url, { events: [browserEvent()] }, { cookie: `_sb_uid=${visitor}` });
    assert.equal(userCookieOf(next.headers), visitor);
    assert.deepEqual(storedIds(2), [visitor, visitor]);
  });

  it('never stores or sets a user_id the caller chose, whatever cookies and event user_ids it sends, but the customer its proof proves', async () => {
    const given: string[] = [];
    for (let i = 0; i < 3; i++)
      given.push(String(userCookieOf((await collect(relay.url, { events: [browserEvent()] })).headers)));
    const proofCookie = fc.option(
      fc.oneof(
        customerId.map((id) => ({ id, proof: proofOf(id) })),
        fc.stringMatching(/^[0-9a-f]{64}$/).map((proof) => ({ id: undefined, proof })),
      ),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.option(
          fc.oneof(
            customerId,
            customerId.map((id) => `~${id}`),
            snippetId,
            fc.constantFrom(...given),
          ),
          {
            nil: undefined,
          },
        ),
        proofCookie,
        fc.array(fc.option(fc.oneof(customerId, snippetId, fc.constantFrom(...given)), { nil: undefined }), {
          minLength: 1,
          maxLength: 4,
        }),
        async (userCookie, proven, userIds) => {
          const cookie = [
            userCookie === undefined ? '' : `_sb_uid=${userCookie}`,
            proven === undefined ? '' : `_sb_idp=${proven.proof}`,
          ].filter(Boolean);
          const chosen = new Set([userCookie?.replace(/^~/, ''), ...userIds].filter((id) => id !== undefined));
          const believed = (id: string) =>
            id === proven?.id || ((!chosen.has(id) || given.includes(id)) && signed.isSigned(id));
          const before = relay.stored.length;
          const answer = await collect(
            relay.url,
            { events: userIds.map((id) => browserEvent(id === undefined ? {} : { user_id: id })) },
            cookie.length > 0 ? { cookie: cookie.join('; ') } : {},
          );
          for (const record of relay.stored.slice(before)) {
            const stored = String(record.body['user_id']);
            assert.ok(believed(stored), `stored user_id ${stored}`);
          }
          const set = userCookieOf(answer.headers);
          if (set !== undefined) assert.ok(believed(set.replace(/^~/, '')), `set _sb_uid=${set}`);
        },
      ),
      { numRuns: 300 },
    );
  });
});
