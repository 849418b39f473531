import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readVisitorIds } from '../../relay/client/index.js';
import { formatEventTime } from '../../relay/collect/event-time.js';
import { parseTimestamp } from '../../relay/contract/timestamp.js';
import { browserEvent, collect, deliveredEvent } from '../helpers/collect.js';
import { postJson } from '../helpers/http.js';
import { trackingEvent } from '../helpers/records.js';
import { ADMIN_KEY, relayForSuite, until } from '../helpers/relay-harness.js';

const HOUR = 3_600_000;

function instantOf(event: Record<string, unknown> | undefined): number {
  const parsed = parseTimestamp(String(event?.['datetime']));
  assert.ok(parsed.ok, String(event?.['datetime']));
  return parsed.value.epochMs;
}

describe('POST /collect with a page clock (sent_at, captured_at, utc_offset)', () => {
  const h = relayForSuite();

  async function deliveredAfter(event: Record<string, unknown>, body: Record<string, unknown>) {
    const answer = await collect(h.url, { events: [event], ...body });
    assert.equal(answer.status, 200, answer.text);
    await until(() => deliveredEvent(h.mock, event) !== undefined, 'delivery');
    return deliveredEvent(h.mock, event)!;
  }

  it('writes datetime from captured_at in the visitor offset, moved by the clock skew of a page an hour fast', async () => {
    const sent = Date.now();
    const pageNow = sent + HOUR;
    const event = browserEvent({ captured_at: pageNow - 5000, utc_offset: 330 });
    const delivered = await deliveredAfter(event, { sent_at: pageNow });
    // Against the time of sending, not of the check: a busy machine delivers seconds later.
    assert.ok(Math.abs(instantOf(delivered) - (sent - 5000)) < 2000, String(delivered['datetime']));
    assert.match(String(delivered['datetime']), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+05:30$/);
    assert.equal(delivered['captured_at'], undefined);
    assert.equal(delivered['utc_offset'], undefined);
  });

  it('moves a datetime string by the skew too, keeping its offset, so a page two days slow lands in the right month', async () => {
    const sent = Date.now();
    const pageNow = sent - 48 * HOUR;
    const event = browserEvent({ datetime: formatEventTime(pageNow, -300) });
    const delivered = await deliveredAfter(event, { sent_at: pageNow });
    assert.ok(Math.abs(instantOf(delivered) - sent) < 2000, String(delivered['datetime']));
    assert.match(String(delivered['datetime']), /-05:00$/);
  });

  it('leaves a clock within two minutes alone', async () => {
    const captured = Date.now() - 90_000;
    const event = browserEvent({ captured_at: captured, utc_offset: 0 });
    const delivered = await deliveredAfter(event, { sent_at: Date.now() - 90_000 });
    assert.equal(delivered['datetime'], formatEventTime(captured, 0));
  });

  it('without sent_at still refuses an event more than 10 minutes ahead, naming datetime', async () => {
    const answer = await collect(h.url, { events: [browserEvent({ captured_at: Date.now() + HOUR, utc_offset: 0 })] });
    assert.equal(answer.status, 400);
    assert.match(JSON.stringify(answer.body['rejected']), /"path":"datetime".*future/);
  });

  it('refuses sent_at that is not a number, and captured_at or utc_offset that do not make a time, naming the field', async () => {
    const badSentAt = await collect(h.url, { events: [browserEvent()], sent_at: 'yesterday' });
    assert.equal(badSentAt.status, 400);
    assert.equal((badSentAt.body['errors'] as { path: string }[])[0]?.path, 'sent_at');
    const cases: [Record<string, unknown>, string][] = [
      [{ captured_at: '2026-01-01' }, 'captured_at'],
      [{ captured_at: Date.now(), utc_offset: 1440 }, 'utc_offset'],
      [{ captured_at: Date.now(), datetime: formatEventTime(Date.now(), 0) }, 'captured_at'],
      [{ utc_offset: 60 }, 'utc_offset'],
    ];
    for (const [fields, path] of cases) {
      const answer = await collect(h.url, { events: [browserEvent(fields)] });
      assert.equal(answer.status, 400, JSON.stringify(fields));
      assert.ok(JSON.stringify(answer.body['rejected']).includes(`"path":"${path}"`), answer.text);
    }
  });

  it('never dates an event in a day no clock shows: utc_offset within -12:00 to +14:00, and no datetime written at +23:59', async () => {
    for (const [offset, status] of [
      [1439, 400],
      [841, 400],
      [-721, 400],
      [840, 200],
      [-720, 200],
    ] as const) {
      const answer = await collect(h.url, { events: [browserEvent({ captured_at: Date.now(), utc_offset: offset })] });
      assert.equal(answer.status, status, `utc_offset ${offset}: ${answer.text}`);
      if (status === 400)
        assert.match(
          JSON.stringify(answer.body['rejected']),
          /"path":"utc_offset","message":"must be whole minutes east of UTC, from -720 to 840/,
        );
    }
    const written = formatEventTime(Date.now(), 1439);
    const answer = await collect(h.url, { events: [browserEvent({ datetime: written })] });
    assert.equal(answer.status, 400, written);
    assert.match(JSON.stringify(answer.body['rejected']), /"path":"datetime","message":"has an offset no place uses/);
  });

  it('the mirror, where no page clock is known, still refuses a future-dated event from a server-side client', async () => {
    const event = trackingEvent(Date.now() + HOUR, { user_id: 'backend-user' });
    const answer = await postJson(`${h.url}/v1/track`, event, { authorization: `Bearer ${ADMIN_KEY}` });
    assert.equal(answer.status, 400);
    assert.match(JSON.stringify(answer.body), /datetime.*future/);
  });
});

describe('POST /collect with identified visitors', () => {
  const h = relayForSuite();

  const cookieOf = (headers: Headers, name: string) =>
    headers
      .getSetCookie()
      .find((c) => c.startsWith(`${name}=`))
      ?.split(';')[0];
  const userCookieOf = (headers: Headers) => cookieOf(headers, '_sb_uid');
  const sessionCookieOf = (headers: Headers) => cookieOf(headers, '_sb_sid');

  it('keeps an identified _sb_uid (~ and the customer id) and fills it in as user_id', async () => {
    const event = browserEvent();
    const answer = await collect(h.url, event, { cookie: '_sb_uid=~42; _sb_sid=sess-abcdefgh' });
    assert.equal(userCookieOf(answer.headers), '_sb_uid=~42');
    await until(() => deliveredEvent(h.mock, event) !== undefined, 'delivery');
    assert.equal(deliveredEvent(h.mock, event)?.['user_id'], '42');
  });

  it('never sets an identified visitor back to an older anonymous id replayed from the retry queue', async () => {
    const replayed = browserEvent({ user_id: 'anon-older-12345', session_id: 'sess-older-12345' });
    const answer = await collect(
      h.url,
      { events: [replayed] },
      { cookie: `_sb_uid=~customer-7; _sb_sid=sess-new-123456; _sb_sst=sess-new-123456.${Date.now()}` },
    );
    assert.equal(userCookieOf(answer.headers), '_sb_uid=~customer-7');
    assert.equal(sessionCookieOf(answer.headers), '_sb_sid=sess-new-123456');
    await until(() => deliveredEvent(h.mock, replayed) !== undefined, 'delivery');
    assert.equal(deliveredEvent(h.mock, replayed)?.['user_id'], 'anon-older-12345');
  });

  it('marks a customer id the browser sent without a cookie as identified', async () => {
    const answer = await collect(h.url, { events: [browserEvent({ user_id: '42', session_id: 'sess-abcdefgh' })] });
    assert.equal(userCookieOf(answer.headers), '_sb_uid=~42');
  });

  it("keeps a session younger than 24 hours, from today's cookies and from a snippet's id.start.last of before", async () => {
    const hourAgo = Date.now() - 3_600_000;
    const event = browserEvent({ session_id: `sess-legacy-1234.${hourAgo}.${hourAgo}` });
    const legacy = await collect(
      h.url,
      { events: [event] },
      { cookie: `_sb_uid=anon-12345678; _sb_sid=sess-legacy-1234.${hourAgo}.${hourAgo}` },
    );
    assert.equal(sessionCookieOf(legacy.headers), '_sb_sid=sess-legacy-1234');
    assert.equal(cookieOf(legacy.headers, '_sb_sst'), `_sb_sst=sess-legacy-1234.${hourAgo}`);
    await until(() => deliveredEvent(h.mock, event) !== undefined, 'delivery');
    assert.equal(deliveredEvent(h.mock, event)?.['session_id'], 'sess-legacy-1234');
    const today = await collect(h.url, browserEvent(), {
      cookie: `_sb_uid=anon-12345678; _sb_sid=sess-legacy-1234; _sb_sst=sess-legacy-1234.${hourAgo}`,
    });
    assert.equal(sessionCookieOf(today.headers), '_sb_sid=sess-legacy-1234');
    assert.equal(cookieOf(today.headers, '_sb_sst'), `_sb_sst=sess-legacy-1234.${hourAgo}`);
  });

  it('ends a session 24 hours after it began: a new _sb_sid, and events stamped with the ended one move to it', async () => {
    const dayAgo = Date.now() - 86_400_001;
    const stamped = browserEvent({ session_id: 'sess-day-old-123' });
    const other = browserEvent({ session_id: 'sess-another-123' });
    const answer = await collect(
      h.url,
      { events: [stamped, other] },
      { cookie: `_sb_uid=anon-12345678; _sb_sid=sess-day-old-123; _sb_sst=sess-day-old-123.${dayAgo}` },
    );
    const session = sessionCookieOf(answer.headers)!.slice('_sb_sid='.length);
    assert.match(session, /^[\w-]{21}$/);
    assert.ok(Number(cookieOf(answer.headers, '_sb_sst')!.split('.')[1]) > dayAgo + 86_400_000);
    await until(
      () => deliveredEvent(h.mock, other) !== undefined && deliveredEvent(h.mock, stamped) !== undefined,
      'delivery',
    );
    assert.equal(deliveredEvent(h.mock, stamped)?.['session_id'], session);
    assert.equal(deliveredEvent(h.mock, other)?.['session_id'], 'sess-another-123');
  });

  it('gives a session the snippet began (after a switch of account) its own start, not the start of the one before', async () => {
    const dayAgo = Date.now() - 86_400_001;
    const event = browserEvent({ user_id: 'customer-8', session_id: 'sess-after-switch' });
    const answer = await collect(
      h.url,
      { events: [event] },
      { cookie: `_sb_uid=~customer-8; _sb_sid=sess-after-switch; _sb_sst=sess-before-1234.${dayAgo}` },
    );
    assert.equal(sessionCookieOf(answer.headers), '_sb_sid=sess-after-switch');
    assert.ok(Number(cookieOf(answer.headers, '_sb_sst')!.split('.')[1]) > dayAgo + 86_400_000);
    await until(() => deliveredEvent(h.mock, event) !== undefined, 'delivery');
    assert.equal(deliveredEvent(h.mock, event)?.['session_id'], 'sess-after-switch');
  });

  it('starts a session for events without one when the browser has none', async () => {
    const event = browserEvent({ user_id: 'customer-8' });
    const answer = await collect(h.url, { events: [event] }, { cookie: '_sb_uid=~customer-8' });
    const session = sessionCookieOf(answer.headers)!.slice('_sb_sid='.length);
    assert.match(session, /^[\w-]{21}$/);
    await until(() => deliveredEvent(h.mock, event) !== undefined, 'delivery');
    assert.equal(deliveredEvent(h.mock, event)?.['session_id'], session);
  });

  it('refuses a user_id no cookie could hold, naming user_id and the reason', async () => {
    const answer = await collect(h.url, { events: [browserEvent({ user_id: 'jane doe;admin' })] });
    assert.equal(answer.status, 400);
    assert.match(
      JSON.stringify(answer.body['rejected']),
      /"path":"user_id","message":"must be 1 to 128 printable ASCII characters without spaces/,
    );
  });
});

describe('readVisitorIds(cookieHeader)', () => {
  it('reads the anonymous or the identified id and the session, ignoring other cookies and garbage', () => {
    assert.deepEqual(
      readVisitorIds('theme=dark; _sb_uid=Abcdefgh12345678_-xy; _sb_sid=Sess1234abcd.1700000000000.1700000000001'),
      {
        user_id: 'Abcdefgh12345678_-xy',
        session_id: 'Sess1234abcd',
      },
    );
    assert.deepEqual(readVisitorIds('_sb_uid=~c%401001; _sb_sid=Sess1234abcd'), {
      user_id: 'c%401001',
      session_id: 'Sess1234abcd',
    });
    assert.deepEqual(readVisitorIds('_sb_uid=<script>; _sb_uid=Abcdefgh12345678'), { user_id: 'Abcdefgh12345678' });
    assert.equal(readVisitorIds('_sb_uid=short'), undefined);
    assert.equal(readVisitorIds(''), undefined);
    assert.equal(readVisitorIds(undefined), undefined);
  });
});
