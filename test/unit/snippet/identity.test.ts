import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { initialConsent } from '../../../snippet/consent.js';
import { createIdentity, identifiedUser } from '../../../snippet/identity.js';
import { CONSENT_COOKIE, ID_PATTERN, SESSION_COOKIE, USER_COOKIE } from '../../../snippet/protocol.js';
import { MemoryCookies, MemoryStore } from '../../helpers/snippet-fakes.js';

function identity() {
  const cookies = new MemoryCookies();
  const store = new MemoryStore();
  return { cookies, store, identity: createIdentity(cookies, store) };
}

describe('identifiedUser(id), the argument of identify', () => {
  it('keeps a trimmed string or a safe integer as `~` and the id', () => {
    assert.equal(identifiedUser('  cust-42 '), '~cust-42');
    assert.equal(identifiedUser(42), '~42');
  });

  it('refuses what a cookie cannot hold as it is, an empty id, an unsafe integer and a non-id', () => {
    for (const bad of ['a b', 'a;b', '"x"', '', '   ', 'x'.repeat(129), 2 ** 53, 1.5, null, undefined, {}, ['1']])
      assert.equal(identifiedUser(bad), undefined, String(bad));
  });
});

describe('the snippet identity (snippet/identity.ts)', () => {
  it('makes an anonymous id once and keeps it in the cookie for 400 days and in storage', () => {
    const { cookies, store, identity: id } = identity();
    const first = id.ids().user_id;
    assert.match(first, ID_PATTERN);
    assert.equal(id.ids().user_id, first);
    assert.deepEqual(cookies.cookies.get(USER_COOKIE), { value: first, maxAge: 34_560_000 });
    assert.equal(store.values.get(USER_COOKIE), first);
  });

  it('takes the visitor back from storage when only the cookie was cleared, and ignores a malformed one', () => {
    const kept = identity();
    kept.store.set(USER_COOKIE, 'stored-visitor-id');
    assert.equal(kept.identity.ids().user_id, 'stored-visitor-id');
    const forged = identity();
    forged.cookies.set(USER_COOKIE, 'bad id;', 100);
    assert.notEqual(forged.identity.ids().user_id, 'bad id;');
  });

  it('reads the ids without renewing anything, and renews the session for 30 minutes with a batch', () => {
    const { cookies, identity: id } = identity();
    assert.equal(id.ids().session_id, undefined, 'no session before a batch');
    assert.equal(cookies.cookies.has(SESSION_COOKIE), false);
    const session = id.ids(true).session_id;
    assert.match(session ?? '', ID_PATTERN);
    assert.deepEqual(cookies.cookies.get(SESSION_COOKIE), { value: session, maxAge: 1800 });
    assert.equal(id.ids(true).session_id, session, 'the same session renewed');
  });

  it('keeps the session on login, sends the customer id without its `~`, and starts a new session on a switch of account or a logout', () => {
    const { cookies, identity: id } = identity();
    const session = id.ids(true).session_id;
    id.become('~alice');
    assert.equal(cookies.get(USER_COOKIE), '~alice');
    assert.deepEqual(id.ids(), { user_id: 'alice', session_id: session });
    id.become('~alice');
    assert.equal(id.ids().session_id, session, 'the same customer again changes nothing');
    id.become('~bob');
    assert.equal(id.ids().session_id, undefined, 'a switch of account ends the session');
    id.ids(true);
    id.become('anon-after-logout');
    assert.deepEqual(id.ids(), { user_id: 'anon-after-logout', session_id: undefined });
  });

  it('remembers consent for 400 days; a refusal forgets the visitor and ends the session', () => {
    const { cookies, store, identity: id } = identity();
    id.ids(true);
    id.remember(true);
    assert.deepEqual(cookies.cookies.get(CONSENT_COOKIE), { value: '1', maxAge: 34_560_000 });
    id.remember(false);
    assert.equal(cookies.get(CONSENT_COOKIE), '0');
    assert.equal(cookies.cookies.has(USER_COOKIE), false);
    assert.equal(cookies.cookies.has(SESSION_COOKIE), false);
    assert.equal(store.values.get(USER_COOKIE), '');
  });
});

describe('initialConsent(cookies, required, gpc)', () => {
  const jar = (value?: string) => {
    const cookies = new MemoryCookies();
    if (value !== undefined) cookies.set(CONSENT_COOKIE, value, 100);
    return cookies;
  };

  it('lets a remembered choice win over Global Privacy Control and the shop setting', () => {
    assert.equal(initialConsent(jar('1'), true, true), true);
    assert.equal(initialConsent(jar('0'), false, false), false);
  });

  it('refuses under Global Privacy Control, waits for the banner when consent is required, and grants otherwise', () => {
    assert.equal(initialConsent(jar(), false, true), false);
    assert.equal(initialConsent(jar(), true, false), undefined);
    assert.equal(initialConsent(jar(), undefined, undefined), true);
  });
});
