import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Context } from 'koa';
import { resolveIdentity, sessionIdOf, writeIdentityCookies } from '../../../relay/collect/identity-cookies.js';

const NOW = Date.UTC(2026, 10, 26, 12);
const DAY = 86_400_000;

/** The part of a Koa context the cookies are written to: its Set-Cookie headers. */
function context(): Context & { setCookies: string[] } {
  const setCookies: string[] = [];
  return {
    append: (_name: string, value: string | string[]) => setCookies.push(...[value].flat()),
    setCookies,
  } as unknown as Context & { setCookies: string[] };
}

/** A request's own cookies, as `shopperCookies` reads them. */
const jar = (cookies: Record<string, string> = {}): ReadonlyMap<string, string> => new Map(Object.entries(cookies));

describe('resolveIdentity(cookies, userId, sessionId), the relay side of the visitor and session (relay/collect/identity-cookies.ts)', () => {
  it("keeps the cookie's visitor over the batch's, so replayed events never set an identified visitor back", () => {
    const identity = resolveIdentity(jar({ _sb_uid: '~cust-9' }), 'older-anonymous-id', undefined, NOW);
    assert.equal(identity.userId, 'cust-9');
    assert.equal(identity.userCookie, '~cust-9');
  });

  it("takes the batch's ids where the browser sent no usable cookie, marking a customer id identified, and makes new ones otherwise", () => {
    assert.equal(resolveIdentity(jar(), 'anon-visitor-1', 'session-id-1', NOW).userCookie, 'anon-visitor-1');
    assert.match(
      resolveIdentity(jar(), 'customer 42', undefined, NOW).userCookie,
      /^[\w-]{21}$/,
      'a space is no cookie-octet: a new visitor',
    );
    assert.equal(resolveIdentity(jar(), 'cust@42', undefined, NOW).userCookie, '~cust@42');
    assert.equal(resolveIdentity(jar(), undefined, 'session-id-1', NOW).sessionId, 'session-id-1');
    const fresh = resolveIdentity(jar({ _sb_uid: 'x;', _sb_sid: '<script>' }), 42, 'no', NOW);
    assert.match(fresh.userId, /^[\w-]{21}$/);
    assert.match(fresh.sessionId, /^[\w-]{21}$/);
  });

  it('keeps a session for 24 hours from its start, then begins another and names the one that ended', () => {
    const live = resolveIdentity(
      jar({ _sb_sid: 'session-abc', _sb_sst: `session-abc.${NOW - DAY + 1}` }),
      undefined,
      undefined,
      NOW,
    );
    assert.deepEqual(
      [live.sessionId, live.sessionStart, live.endedSessionId],
      ['session-abc', NOW - DAY + 1, undefined],
    );
    const ended = resolveIdentity(
      jar({ _sb_sid: 'session-abc', _sb_sst: `session-abc.${NOW - DAY}` }),
      undefined,
      undefined,
      NOW,
    );
    assert.notEqual(ended.sessionId, 'session-abc');
    assert.equal(ended.sessionStart, NOW);
    assert.equal(ended.endedSessionId, 'session-abc');
  });

  it("does not let a session inherit the start recorded for another, and reads an older snippet's id.start.last", () => {
    const other = resolveIdentity(
      jar({ _sb_sid: 'session-new', _sb_sst: `session-old.${NOW - 2 * DAY}` }),
      undefined,
      undefined,
      NOW,
    );
    assert.deepEqual([other.sessionId, other.sessionStart], ['session-new', NOW]);
    const legacy = resolveIdentity(
      jar({ _sb_sid: `session-old.${NOW - 3_600_000}.${NOW - 60_000}` }),
      undefined,
      undefined,
      NOW,
    );
    assert.deepEqual([legacy.sessionId, legacy.sessionStart], ['session-old', NOW - 3_600_000]);
    assert.equal(sessionIdOf(`session-old.${NOW}.${NOW}`), 'session-old');
    assert.equal(sessionIdOf('anything else'), 'anything else');
  });
});

describe('writeIdentityCookies(ctx, identity, options)', () => {
  it('sets the visitor for 400 days, the session for 30 minutes, and its start HttpOnly, with the domain and Secure when asked', () => {
    const ctx = context();
    writeIdentityCookies(
      ctx,
      { userId: 'cust-9', userCookie: '~cust-9', sessionId: 'session-abc', sessionStart: NOW },
      { domain: '.shop.example', secure: true },
    );
    assert.deepEqual(ctx.setCookies, [
      '_sb_uid=~cust-9; Max-Age=34560000; Path=/; SameSite=Lax; Domain=.shop.example; Secure',
      '_sb_sid=session-abc; Max-Age=1800; Path=/; SameSite=Lax; Domain=.shop.example; Secure',
      `_sb_sst=session-abc.${NOW}; Max-Age=1800; Path=/; SameSite=Lax; Domain=.shop.example; Secure; HttpOnly`,
    ]);
    const plain = context();
    writeIdentityCookies(
      plain,
      { userId: 'v', userCookie: 'visitor-1', sessionId: 's-1', sessionStart: NOW },
      { domain: undefined, secure: false },
    );
    assert.equal(plain.setCookies[0], '_sb_uid=visitor-1; Max-Age=34560000; Path=/; SameSite=Lax');
  });
});
