import { parseTimestamp } from '../../dist/relay/contract/timestamp.js';
import { test, expect, sb, delivered, REAL_VISITOR } from './support/relay-fixtures.js';

test.use(REAL_VISITOR);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The instant a `datetime` the service received stands for. */
function instantOf(event: Record<string, unknown> | undefined): number {
  const parsed = parseTimestamp(String(event?.['datetime']));
  if (!parsed.ok) throw new Error(`not a timestamp: ${String(event?.['datetime'])}`);
  return parsed.value.epochMs;
}

test.describe("snippet: a visitor's wrong clock", () => {
  for (const [label, skew] of [
    ['an hour fast', HOUR],
    ['two days slow', -2 * DAY],
  ] as const) {
    test(`a page clock ${label} loses nothing: the service gets each event at the real time, in the visitor's offset`, async ({
      page,
      shop,
    }) => {
      await page.clock.install({ time: new Date(Date.now() + skew) });
      await page.goto(shop.url);
      const before = Date.now();
      await sb(page, 'track', 'Skewed', {});
      await expect.poll(() => delivered(shop).size).toBe(1);
      const event = delivered(shop).get('Skewed')!;
      expect(instantOf(event)).toBeGreaterThanOrEqual(before - 2000);
      expect(instantOf(event)).toBeLessThanOrEqual(Date.now() + 2000);
      const offset = await page.evaluate(() => 0 - new Date().getTimezoneOffset());
      const sign = offset < 0 ? '-' : '+';
      const hhmm = `${String(Math.trunc(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
      expect(String(event['datetime']).slice(19)).toBe(`${sign}${hhmm}`);
    });
  }

  test('events replayed from the retry queue on a later page load keep their capture time, corrected by the clock of the page that sends them', async ({
    page,
    shop,
  }) => {
    await page.clock.install({ time: new Date(Date.now() + 3 * HOUR) });
    shop.relayDown = true;
    await page.goto(shop.url);
    const capturedAt = Date.now();
    await sb(page, 'track', 'Queued While Down', {});
    await expect
      .poll(() => page.evaluate(() => (localStorage.getItem('_sb_q') || '').includes('Queued While Down')))
      .toBe(true);
    shop.relayDown = false;
    await page.reload();
    await expect.poll(() => delivered(shop).size).toBe(1);
    const instant = instantOf(delivered(shop).get('Queued While Down'));
    expect(instant).toBeGreaterThanOrEqual(capturedAt - 2000);
    expect(instant).toBeLessThanOrEqual(capturedAt + 2000);
  });

  test('a visitor in another offset is billed in their own month: the datetime carries their offset', async ({
    browser,
    shop,
  }) => {
    const context = await browser.newContext({ timezoneId: 'Pacific/Kiritimati' });
    const page = await context.newPage();
    await page.goto(shop.url);
    await sb(page, 'track', 'Far East', {});
    await expect.poll(() => delivered(shop).size).toBe(1);
    expect(String(delivered(shop).get('Far East')!['datetime'])).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+14:00$/,
    );
    await context.close();
  });
});
