import type { Page } from '@playwright/test';
import { test, expect, sb } from './support/fixtures.js';
import {
  GCM_DEFAULT_DENIED,
  GCM_UPDATE_GRANTED,
  TC_STRING_ACCEPTED,
  TC_STRING_REFUSED,
  tcDataOf,
} from '../helpers/consent-fixtures.js';

const storageKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage));

test.describe('snippet: consent and privacy', () => {
  test('with data-consent="required" sets no cookie, stores nothing and sends nothing before consent', async ({
    page,
    collector,
  }) => {
    await page.goto(`${collector.url}/consent.html`);
    await sb(page, 'track', 'Held', { n: 1 });
    await page.waitForFunction(() => (window as unknown as { shopbeacon: { sb?: number } }).shopbeacon.sb === 1);
    await sb(page, 'flush');
    expect(await page.context().cookies()).toEqual([]);
    expect(await storageKeys(page)).toEqual([]);
    expect(collector.requests).toEqual([]);
    await sb(page, 'consent', true);
    await expect.poll(() => collector.events().map((e) => e.event_name)).toEqual(['Held']);
    expect((await page.context().cookies()).map((c) => c.name).sort()).toEqual(['_sb_c', '_sb_sid', '_sb_uid']);
  });

  test('discards held events on consent(false) and remembers the choice', async ({ page, collector }) => {
    await page.goto(`${collector.url}/consent.html`);
    await sb(page, 'track', 'Held', {});
    await sb(page, 'consent', false);
    await sb(page, 'track', 'After Refusal', {});
    await page.reload();
    await sb(page, 'track', 'Next Page', {});
    await sb(page, 'flush');
    expect(collector.requests).toEqual([]);
    expect((await page.context().cookies()).map((c) => [c.name, c.value])).toEqual([['_sb_c', '0']]);
  });

  test('remembers consent(true) on the next page', async ({ page, collector }) => {
    await page.goto(`${collector.url}/consent.html`);
    await sb(page, 'consent', true);
    await page.reload();
    await sb(page, 'track', 'Second Page', {});
    await expect.poll(() => collector.events().map((e) => e.event_name)).toEqual(['Second Page']);
  });

  test('consent(false) without data-consent opts the visitor out and clears the ids', async ({ page, collector }) => {
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'Before', {});
    await expect.poll(() => collector.events().length).toBe(1);
    await sb(page, 'consent', false);
    await sb(page, 'track', 'After', {});
    await sb(page, 'flush');
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names).toEqual(['_sb_c']);
    expect(collector.events().map((e) => e.event_name)).toEqual(['Before']);
  });

  test('treats Global Privacy Control as consent(false)', async ({ page, collector }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    await page.goto(`${collector.url}/plain.html`);
    await sb(page, 'track', 'GPC', {});
    await page.waitForFunction(() => (window as unknown as { shopbeacon: { sb?: number } }).shopbeacon.sb === 1);
    await sb(page, 'flush');
    expect(collector.requests).toEqual([]);
    expect(await page.context().cookies()).toEqual([]);
  });
});

/** The stand-in banner of each standard the snippet follows (test/e2e/fixtures/cmp-*.html). */
const BANNERS = {
  tcf: 'cmp-tcf.html',
  'tcf, found by auto': 'cmp-tcf-auto.html',
  gcm: 'cmp-gcm.html',
  wp: 'cmp-wp.html',
};

type Banner = { cmp: { subscribed(): boolean; load(): void; accept(): void; deny(): void } };

/** What the stand-ins answer with: the TCData of the real TC strings, Google's Consent Mode commands. */
const FIXTURES = {
  accepted: TC_STRING_ACCEPTED,
  refused: TC_STRING_REFUSED,
  tcData: {
    [TC_STRING_ACCEPTED]: tcDataOf(TC_STRING_ACCEPTED, 'tcloaded'),
    [TC_STRING_REFUSED]: tcDataOf(TC_STRING_REFUSED, 'tcloaded'),
  },
  gcmDefault: GCM_DEFAULT_DENIED,
  gcmGranted: GCM_UPDATE_GRANTED,
};

const banner = (page: Page, step: 'load' | 'accept' | 'deny') =>
  page.evaluate((s) => (window as unknown as Banner).cmp[s](), step);

/** Opens the banner's page and waits until the snippet has started and asked the banner. */
async function openShop(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as Banner).cmp.subscribed());
}

const snippetCookies = async (page: Page) =>
  (await page.context().cookies())
    .filter((c) => c.name.startsWith('_sb_'))
    .map((c) => `${c.name}=${c.value.length > 1 ? '…' : c.value}`)
    .sort();

/** The time on the page's clock: every batch sent carries it as `sent_at`. */
const pageNow = (page: Page) => page.evaluate(() => Date.now());

for (const [standard, file] of Object.entries(BANNERS)) {
  test.describe(`snippet: consent from the shop's banner, ${standard}`, () => {
    test.beforeEach(({ page }) =>
      page.addInitScript((fixtures) => Object.assign(window, { __fixtures: fixtures }), FIXTURES),
    );

    test('stores and sends nothing before the choice; Accept sends what waited; the next page waits for the restored choice, then sends from its first event', async ({
      page,
      collector,
    }) => {
      await openShop(page, `${collector.url}/${file}`);
      await banner(page, 'load');
      await sb(page, 'track', 'Before The Choice', {});
      await sb(page, 'flush');
      expect(await snippetCookies(page)).toEqual([]);
      expect(await storageKeys(page)).toEqual([]);
      const choiceAt = await pageNow(page);
      await banner(page, 'accept');
      await expect.poll(() => collector.events().map((e) => e.event_name)).toEqual(['Before The Choice']);
      expect(await snippetCookies(page)).toEqual(['_sb_c=1', '_sb_sid=…', '_sb_uid=…']);

      await openShop(page, `${collector.url}/${file}`);
      await sb(page, 'track', 'Next Page', {});
      await sb(page, 'flush');
      const restoredAt = await pageNow(page);
      await banner(page, 'load');
      await expect.poll(() => collector.events().map((e) => e.event_name)).toEqual(['Before The Choice', 'Next Page']);
      const sentAt = collector.requests.map((r) => r.body.sent_at ?? 0);
      expect(sentAt.every((at) => at >= choiceAt)).toBe(true);
      // TCF and Consent Mode restore once the banner has loaded; the WP Consent API's cookie is there at once.
      if (standard !== 'wp') expect(sentAt.at(-1)).toBeGreaterThanOrEqual(restoredAt);
    });

    test('Deny after Accept sends nothing more and forgets the ids, on this page and the next, until the shopper accepts again', async ({
      page,
      collector,
    }) => {
      await openShop(page, `${collector.url}/${file}`);
      await banner(page, 'load');
      await banner(page, 'accept');
      await sb(page, 'track', 'Accepted', {});
      await expect.poll(() => collector.events().length).toBe(1);
      const visitor = collector.events()[0]!.user_id;
      await banner(page, 'deny');
      await expect.poll(() => snippetCookies(page)).toEqual(['_sb_c=0']);
      expect(await page.evaluate(() => localStorage.getItem('_sb_uid'))).toBe('');
      await sb(page, 'track', 'After Deny', {});
      await openShop(page, `${collector.url}/${file}`);
      await banner(page, 'load');
      await sb(page, 'track', 'Next Page After Deny', {});
      await sb(page, 'flush');
      await banner(page, 'accept');
      await sb(page, 'track', 'Accepted Again', {});
      await expect.poll(() => collector.events().map((e) => e.event_name)).toEqual(['Accepted', 'Accepted Again']);
      expect(collector.events()[1]!.user_id).not.toBe(visitor);
    });
  });
}
