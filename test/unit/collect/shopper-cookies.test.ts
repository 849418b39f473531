import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Cookies from 'cookies';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { shopperCookies } from '../../../relay/collect/shopper-cookies.js';

/** What Koa's `ctx.cookies.get(name)` answers for a Cookie header (the `cookies` package it uses). */
const koaReads = (header: string, name: string) =>
  new Cookies({ headers: { cookie: header } } as IncomingMessage, {} as ServerResponse).get(name);

describe('shopperCookies(header), the relay’s own cookies in one pass (relay/collect/shopper-cookies.ts)', () => {
  it('reads each _sb_ cookie as Koa would: the first of a name, its value as sent, spaces before a name skipped', () => {
    const headers = [
      '_sb_uid=visitor-1; _sb_sid=session-1',
      'theme=dark;_sb_uid=~cust%209;   _sb_sst=session-1.1795000000000; other=_sb_uid=x',
      '_sb_uid=first; _sb_uid=second; _sb_vid=abc=def; _sb_sid=',
      'a=1; b=2',
      '_sb_uid; _sb_sid=s-2 ',
    ];
    for (const header of headers) {
      const read = shopperCookies(header);
      for (const name of ['_sb_uid', '_sb_sid', '_sb_sst', '_sb_vid'])
        assert.equal(read.get(name), koaReads(header, name), `${name} of ${header}`);
    }
  });

  it('keeps none of the shop’s own cookies, and reads nothing from a request without a Cookie header', () => {
    assert.deepEqual([...shopperCookies('session=abc; cart=3; _sb_uid=v')], [['_sb_uid', 'v']]);
    assert.equal(shopperCookies(undefined).size, 0);
  });
});
