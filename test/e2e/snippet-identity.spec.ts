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
    // Ids are given on the batch timer, not in the capture (issue #17).
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

  test('restores _sb_uid from its localStorage mirror when only the cookie was cleared', async ({ page, collector }) => {
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

  test('starts a new session_id after 30 idle minutes', async ({ page, collector }) => {
    await page.clock.install();
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'Before', {});
    await page.clock.fastForward('29:00');
    await sb(page, 'track', 'Still same', {});
    await page.clock.fastForward('30:01');
    await sb(page, 'track', 'After', {});
    await sb(page, 'flush');
    await expect.poll(() => collector.events().length).toBe(3);
    const [a, b, c] = idsOf(collector.events());
    expect(b).toEqual(a);
    expect(c![0]).toBe(a![0]);
    expect(c![1]).not.toBe(a![1]);
  });

  test('starts a new session_id 24 hours after the session began, even when active', async ({ page, collector }) => {
    await page.clock.install();
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'Start', {});
    for (let i = 0; i < 49; i++) {
      await page.clock.fastForward('29:00');
      await sb(page, 'track', 'Active', {});
    }
    await sb(page, 'track', 'At 23h41', {});
    await page.clock.fastForward('29:00');
    await sb(page, 'track', 'At 24h10', {});
    await sb(page, 'flush');
    await expect.poll(() => collector.events().length).toBe(52);
    const sessionOf = (name: string) => collector.events().find((e) => e.event_name === name)!.session_id;
    expect(sessionOf('At 23h41')).toBe(sessionOf('Start'));
    expect(sessionOf('At 24h10')).not.toBe(sessionOf('Start'));
  });

  test('reading the ids is not activity: the session still ends 30 minutes after the last event', async ({ page, collector }) => {
    await page.clock.install();
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'Before', {});
    for (let i = 0; i < 3; i++) {
      await page.clock.fastForward('15:00');
      await sb(page, 'ids');
    }
    await sb(page, 'track', 'After 45 minutes', {});
    await sb(page, 'flush');
    await expect.poll(() => collector.events().length).toBe(2);
    const [before, after] = idsOf(collector.events());
    expect(after![0]).toBe(before![0]);
    expect(after![1]).not.toBe(before![1]);
  });

  test('works with in-memory ids where cookies and storage are blocked', async ({ page, collector, errors }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Document.prototype, 'cookie', { get: () => { throw new Error('blocked'); }, set: () => { throw new Error('blocked'); } });
      Object.defineProperty(window, 'localStorage', { get: () => { throw new Error('blocked'); } });
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
