import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isBotRequest } from '../../../relay/collect/bot-filter.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('isBotRequest (relay/collect/bot-filter.ts)', () => {
  it("takes a browser's request, and judges the same agent the same way every time", () => {
    assert.equal(isBotRequest(CHROME, undefined), false);
    assert.equal(isBotRequest(CHROME, false), false);
    assert.equal(isBotRequest(CHROME, undefined), false);
  });

  it('drops a crawler, a headless browser, a request without a User-Agent and a page that reported navigator.webdriver', () => {
    assert.equal(
      isBotRequest('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', undefined),
      true,
    );
    assert.equal(isBotRequest(CHROME.replace('Chrome/', 'HeadlessChrome/'), undefined), true);
    assert.equal(isBotRequest(undefined, undefined), true);
    assert.equal(isBotRequest('', undefined), true);
    assert.equal(isBotRequest(CHROME, true), true);
  });

  it('stays right for agents it has forgotten: a flood of made-up agents pushes out the remembered verdicts, not the rule', () => {
    for (let i = 0; i < 2_000; i += 1) isBotRequest(`${CHROME} made-up/${i}`, undefined);
    assert.equal(
      isBotRequest('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', undefined),
      true,
    );
    assert.equal(isBotRequest(CHROME, undefined), false);
  });
});
