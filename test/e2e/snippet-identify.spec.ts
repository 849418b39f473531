import { readVisitorIds } from '../../dist/relay/client/index.js';
import { test, expect, sb, delivered, REAL_VISITOR } from './support/relay-fixtures.js';

test.use(REAL_VISITOR);

const cookieHeader = async (page: import('@playwright/test').Page) =>
  (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

test.describe('snippet: identify and reset, through the relay to the service', () => {
  test('identify makes the next events carry the customer id, keeps the session, survives a reload and the relay cookie, and the backend helper reads the same ids', async ({
    page,
    shop,
  }) => {
    await page.goto(shop.url);
    await sb(page, 'track', 'Anonymous', {});
    await sb(page, 'identify', ' 42 ');
    await sb(page, 'track', 'Logged In', {});
    await expect.poll(() => delivered(shop).size).toBe(2);
    const anonymous = delivered(shop).get('Anonymous')!;
    const loggedIn = delivered(shop).get('Logged In')!;
    expect(anonymous['user_id']).toMatch(/^[\w-]{20}$/);
    expect(loggedIn['user_id']).toBe('42');
    expect(loggedIn['session_id']).toBe(anonymous['session_id']);

    await page.reload();
    await sb(page, 'track', 'Next Visit', {});
    await expect.poll(() => delivered(shop).get('Next Visit')?.['user_id']).toBe('42');
    expect((await page.context().cookies()).find((c) => c.name === '_sb_uid')?.value).toBe('~42');
    expect(readVisitorIds(await cookieHeader(page))).toEqual({ user_id: '42', session_id: loggedIn['session_id'] });
    expect(await sb(page, 'ids')).toEqual({ user_id: '42', session_id: loggedIn['session_id'] });
  });

  test('identifying with the id in use changes nothing; another id is another account with a new session; reset starts a new anonymous visitor', async ({
    page,
    shop,
  }) => {
    await page.goto(shop.url);
    await sb(page, 'identify', 42);
    await sb(page, 'track', 'First', {});
    await sb(page, 'identify', '42');
    await sb(page, 'track', 'Same Account', {});
    // One batch names at most the visitor the browser is and the one it was just before (#47): a login, a switch of account and a logout within the same half second would name three.
    await sb(page, 'flush');
    await expect.poll(() => delivered(shop).size).toBe(2);
    await sb(page, 'identify', 'customer-7');
    await sb(page, 'track', 'Other Account', {});
    await sb(page, 'reset');
    await sb(page, 'track', 'Logged Out', {});
    await expect.poll(() => delivered(shop).size).toBe(4);
    const events = delivered(shop);
    const [first, same, other, out] = ['First', 'Same Account', 'Other Account', 'Logged Out'].map((name) =>
      events.get(name)!,
    );
    expect([first!['user_id'], same!['user_id'], other!['user_id']]).toEqual(['42', '42', 'customer-7']);
    expect(same!['session_id']).toBe(first!['session_id']);
    expect(other!['session_id']).not.toBe(first!['session_id']);
    expect(out!['user_id']).toMatch(/^[\w-]{20}$/);
    expect(out!['session_id']).not.toBe(other!['session_id']);
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === '_sb_uid')?.value)
      .toBe(out!['user_id']);
  });

  test('ignores an id that is not 1 to 128 cookie-safe characters, saying why with data-debug', async ({
    page,
    shop,
  }) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.goto(`${shop.url}/debug`);
    const bad = ['', '   ', 'a b', 'x'.repeat(129), 'semi;colon', 4.5, true, { id: 1 }, null];
    for (const id of bad) await sb(page, 'identify', id);
    await sb(page, 'track', 'Still Anonymous', {});
    await expect.poll(() => delivered(shop).size).toBe(1);
    expect(warnings.filter((w) => w.includes('[shopbeacon] bad identify')).length).toBe(bad.length);
    expect(delivered(shop).get('Still Anonymous')!['user_id']).toMatch(/^[\w-]{20}$/);
  });

  test('with consent required, identify from the stub queue waits for consent, stores nothing before it, then applies in order', async ({
    page,
    shop,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { shopbeacon: (...a: unknown[]) => void };
      w.shopbeacon = function (...args: unknown[]) {
        ((w.shopbeacon as unknown as { q: unknown[] }).q ||= []).push(args);
      };
      w.shopbeacon('track', 'Before Login', {});
      w.shopbeacon('identify', 'c-1001');
      w.shopbeacon('track', 'After Login', {});
    });
    await page.goto(`${shop.url}/consent`);
    await sb(page, 'flush');
    expect(await page.context().cookies()).toEqual([]);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    await sb(page, 'consent', true);
    await expect.poll(() => delivered(shop).size).toBe(2);
    expect(delivered(shop).get('Before Login')!['user_id']).not.toBe('c-1001');
    expect(delivered(shop).get('After Login')!['user_id']).toBe('c-1001');
  });

  test('under Global Privacy Control identify and reset are ignored like every other call', async ({ page, shop }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    await page.goto(shop.url);
    await sb(page, 'identify', '42');
    await sb(page, 'reset');
    await sb(page, 'track', 'GPC', {});
    await sb(page, 'flush');
    expect(await page.context().cookies()).toEqual([]);
    expect(shop.mock.calls()).toEqual([]);
  });
});

test.describe('snippet: sessions with the relay', () => {
  test('the relay ends a session 24 hours after it began, however active, and the page goes on with the new one', async ({
    page,
    shop,
  }) => {
    await page.goto(shop.url);
    await sb(page, 'track', 'Day One', {});
    await expect.poll(() => delivered(shop).size).toBe(1);
    const first = delivered(shop).get('Day One')!['session_id'] as string;
    // The relay's record of when the session began, moved back a day and a second.
    const start = (await page.context().cookies()).find((c) => c.name === '_sb_sst')!;
    await page.context().addCookies([{ ...start, value: `${first}.${Date.now() - 86_401_000}` }]);
    await sb(page, 'track', 'Day Two', {});
    await expect.poll(() => delivered(shop).size).toBe(2);
    const second = delivered(shop).get('Day Two')!['session_id'] as string;
    expect(second).toMatch(/^[\w-]{21}$/);
    expect(second).not.toBe(first);
    await sb(page, 'track', 'Day Two Later', {});
    await expect.poll(() => delivered(shop).get('Day Two Later')?.['session_id']).toBe(second);
  });
});

test.describe('snippet: identify while a send is out', () => {
  test('an answer to a request sent before identify cannot undo it: the next batch writes the identified id back', async ({
    page,
    shop,
  }) => {
    let releaseFirst!: () => void;
    const held = new Promise<void>((resolve) => (releaseFirst = resolve));
    let answered = 0;
    await page.route('**/sb/collect', async (route) => {
      const response = await route.fetch();
      if (answered++ === 0) await held;
      await route.fulfill({ response });
    });
    await page.goto(shop.url);
    await sb(page, 'track', 'Anonymous', {});
    await expect.poll(() => answered).toBe(1);
    const anonymous = (await page.context().cookies()).find((c) => c.name === '_sb_uid')!.value;
    await sb(page, 'identify', '42');
    releaseFirst();
    // The held answer re-set the cookie the request carried: the anonymous id.
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === '_sb_uid')?.value)
      .toBe(anonymous);
    await sb(page, 'track', 'Logged In', {});
    await expect.poll(() => delivered(shop).get('Logged In')?.['user_id']).toBe('42');
    await page.reload();
    expect(await sb(page, 'ids')).toMatchObject({ user_id: '42' });
  });
});
