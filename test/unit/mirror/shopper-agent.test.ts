import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shopperBots } from '../../../relay/mirror/shopper-agent.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe("shopperBots(bodies): the plugins' events judged by their shopper's browser", () => {
  it("flags the events whose shopper's User-Agent is a bot, by index", () => {
    const bodies = [
      { event_name: 'Added To Cart', visitor_agent: BROWSER },
      {
        event_name: 'Added To Cart',
        visitor_agent:
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      },
      { event_name: 'Added To Cart', visitor_agent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    ];
    assert.deepEqual([...shopperBots(bodies)], [1, 2]);
  });

  it("leaves events without the field to the shop's backend, and a missing agent counts as a bot only when named", () => {
    assert.deepEqual(
      [...shopperBots([{ event_name: 'Order Completed' }, 'not an object', { visitor_agent: 42 }])],
      [2],
    );
  });
});
