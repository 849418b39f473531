import { test, expect, sb, cookie } from './support/fixtures.js';

const idsOf = (events: Record<string, unknown>[]) => events.map((e) => [e.user_id, e.session_id]);

test.describe('snippet: identity', () => {
  test('keeps the same user_id across page loads and tabs', async ({ page, context, collector }) => {
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'One', {});
    await page.reload();
    await sb(page, 'track', 'Two', {});
    const tab = await context.newPage();
    await tab.goto(`${collector.url}/plain.html`);
    await sb(tab, 'track', 'Three', {});
    await expect.poll(() => collector.events().length).toBe(3);
    const users = new Set(collector.events().map((e) => e.user_id));
    expect(users.size).toBe(1);
    expect([...users][0]).toBe(await cookie(page, '_sb_uid'));
  });

  test('sets _sb_uid for 400 days and _sb_sid for 30 minutes, Path=/ and SameSite=Lax', async ({ page, collector }) => {
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'One', {});
    // Ids are given on the batch timer, not in the capture.
    await expect.poll(() => collector.events().length).toBe(1);
    const now = Date.now() / 1000;
    const cookies = await page.context().cookies();
    const uid = cookies.find((c) => c.name === '_sb_uid')!;
    const sid = cookies.find((c) => c.name === '_sb_sid')!;
    for (const c of [uid, sid]) {
      expect(c).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false, secure: false });
    }
    expect(uid.expires - now).toBeGreaterThan(399 * 86_400);
    expect(uid.expires - now).toBeLessThanOrEqual(400 * 86_400 + 5);
    expect(sid.expires - now).toBeGreaterThan(29 * 60);
    expect(sid.expires - now).toBeLessThanOrEqual(30 * 60 + 5);
  });

  test('restores _sb_uid from its localStorage mirror when only the cookie was cleared', async ({
    page,
    collector,
  }) => {
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'One', {});
    await expect.poll(() => collector.events().length).toBe(1);
    const first = await cookie(page, '_sb_uid');
    expect(first).toBe(collector.events()[0]!.user_id);
    await page.context().clearCookies();
    await page.reload();
    await sb(page, 'track', 'Two', {});
    await expect.poll(() => collector.events().length).toBe(2);
    expect(collector.events()[1]!.user_id).toBe(first);
  });

  test('renews _sb_sid for 30 minutes with each batch, and begins a new session once the browser dropped it (30 idle minutes)', async ({
    page,
    collector,
  }) => {
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'Before', {});
    await expect.poll(() => collector.events().length).toBe(1);
    const session = await cookie(page, '_sb_sid');
    // As if 29 of the 30 minutes had passed: a minute left on the cookie.
    await page
      .context()
      .addCookies([{ name: '_sb_sid', value: session!, url: collector.url, expires: Date.now() / 1000 + 60 }]);
    await sb(page, 'track', 'Still Active', {});
    await expect.poll(() => collector.events().length).toBe(2);
    const renewed = (await page.context().cookies()).find((c) => c.name === '_sb_sid')!;
    expect(renewed.expires - Date.now() / 1000).toBeGreaterThan(29 * 60);
    // The browser drops the cookie 30 minutes after the last batch renewed it.
    await page.context().clearCookies({ name: '_sb_sid' });
    await sb(page, 'track', 'After', {});
    await expect.poll(() => collector.events().length).toBe(3);
    const [before, active, after] = idsOf(collector.events());
    expect(active).toEqual(before);
    expect(after![0]).toBe(before![0]);
    expect(after![1]).toMatch(/^[\w-]{20}$/);
    expect(after![1]).not.toBe(before![1]);
  });

  test('reading the ids is not activity: ids writes no cookie and sends nothing', async ({ page, collector }) => {
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'Before', {});
    await expect.poll(() => collector.events().length).toBe(1);
    const session = await cookie(page, '_sb_sid');
    await page
      .context()
      .addCookies([
        { name: '_sb_sid', value: session!, url: collector.url, expires: Math.round(Date.now() / 1000) + 60 },
      ]);
    const expires = (await page.context().cookies()).find((c) => c.name === '_sb_sid')!.expires;
    for (let i = 0; i < 3; i++)
      expect(await sb(page, 'ids')).toEqual({ user_id: collector.events()[0]!.user_id, session_id: session });
    await sb(page, 'flush');
    expect((await page.context().cookies()).find((c) => c.name === '_sb_sid')!.expires).toBe(expires);
    expect(collector.requests.length).toBe(1);
  });

  test('works with in-memory ids where cookies and storage are blocked', async ({ page, collector, errors }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Document.prototype, 'cookie', {
        get: () => {
          throw new Error('blocked');
        },
        set: () => {
          throw new Error('blocked');
        },
      });
      Object.defineProperty(window, 'localStorage', {
        get: () => {
          throw new Error('blocked');
        },
      });
    });
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'One', {});
    await sb(page, 'track', 'Two', {});
    await expect.poll(() => collector.events().length).toBe(2);
    const [a, b] = idsOf(collector.events());
    expect(a![0]).toMatch(/^[\w-]{20}$/);
    expect(b).toEqual(a);
    expect(errors).toEqual([]);
  });
});
