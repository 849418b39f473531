import { test, expect, sb } from './support/fixtures.js';

test.describe('snippet: robustness in a hostile page', () => {
  test('sends correct JSON on a page that throws and defines Array.prototype.toJSON', async ({ page, collector }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${collector.url}/hostile.html`);
    await page.click('#add');
    await expect.poll(() => collector.events().length).toBe(1);
    expect(Array.isArray(collector.requests[0]!.body.events)).toBe(true);
    expect(collector.events()[0]!.event).toMatchObject({ sbProductId: '9', sbPrice: '5' });
    // Only the page's own errors, none of ours.
    expect(pageErrors.every((m) => /shop’s own bug|Cannot read properties of null/.test(m))).toBe(true);
    expect(await page.evaluate(() => JSON.stringify([1]))).toBe('"[1]"');
  });

  test('never throws into the page on bad arguments', async ({ page, collector, errors }) => {
    await page.goto(`${collector.url}/plain.html`);
    await page.waitForFunction(() => (window as unknown as { shopbeacon: { sb?: number } }).shopbeacon.sb === 1);
    for (const args of [
      [],
      ['track'],
      ['track', 'X', 'not an object'],
      ['nope'],
      [null],
      ['addToCart', 5],
      ['ids', 'not a function'],
    ]) {
      await sb(page, ...args);
    }
    await sb(page, 'flush');
    expect(errors).toEqual([]);
    expect(collector.requests).toEqual([]);
  });

  test('with data-debug, says why a call was ignored', async ({ page, collector }) => {
    // The snippet starts in idle time after load and judges the calls it kept then: the warning is awaited, not read at once.
    const warned = page.waitForEvent('console', {
      predicate: (m) => m.type() === 'warning' && m.text().includes('[shopbeacon] bad track'),
    });
    await page.setContent(
      `<script src="${collector.url}/sb/shopbeacon.js" data-endpoint="${collector.url}/sb/collect" data-debug></script>`,
    );
    await sb(page, 'track', 'X', 'not an object');
    expect((await warned).text()).toContain('[shopbeacon] bad track');
  });

  test('works under a strict Content-Security-Policy that allows only its own origin', async ({ page, collector }) => {
    const violations: string[] = [];
    page.on('console', (m) => /Content Security Policy/.test(m.text()) && violations.push(m.text()));
    await page.route('**/csp.html', (route) =>
      route.fulfill({
        status: 200,
        headers: {
          'content-type': 'text/html',
          'content-security-policy': "default-src 'self'; script-src 'self'; connect-src 'self'; style-src 'self'",
        },
        body: '<!doctype html><script src="/sb/shopbeacon.js" data-endpoint="/sb/collect"></script><script src="/csp-app.js"></script>',
      }),
    );
    await page.route('**/csp-app.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: "shopbeacon('track', 'Under CSP', {});" }),
    );
    await page.goto(`${collector.url}/csp.html`);
    await expect.poll(() => collector.events().map((e) => e.event_name)).toEqual(['Under CSP']);
    expect(violations).toEqual([]);
  });
});
