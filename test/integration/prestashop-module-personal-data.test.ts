// The PrestaShop module under psgdpr (PrestaShop's GDPR module): a customer's export lists what the
// module holds of them, an erasure forgets their events still queued on the shop and no one else's.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANONYMOUS, request, settings, skip } from '../helpers/prestashop-module.js';

const CUSTOMER = { _sb_uid: '~12', _sb_sid: 'sess-0123456789' };

describe("the PrestaShop module's answers to psgdpr", { skip }, () => {
  it("registers psgdpr's three hooks, exports a customer's id and queued events, and erases only theirs, named by id or by address", async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'sb-ps-')), 'state.json');
    // The relay is down: the customer's cart event and an anonymous shopper's wait in the queue.
    const customer = await request({
      state,
      config: settings('http://127.0.0.1:9'),
      cookies: CUSTOMER,
      customer: 12,
      actions: [['add', 42, 1]],
    });
    assert.deepEqual(
      ['registergdprconsent', 'actionexportgdprdata', 'actiondeletegdprcustomer'].filter(
        (hook) => !customer.hooks.includes(hook),
      ),
      [],
    );
    await request({ state, config: settings('http://127.0.0.1:9'), cookies: ANONYMOUS, actions: [['add', 50, 1, 51]] });

    const exported = await request({
      state,
      customers: { 12: 'ada@shop.example' },
      gdpr: [
        ['export', { id: 12, email: 'ada@shop.example', firstname: 'Ada' }],
        ['export', { email: 'ADA@shop.example' }],
        ['export', { phone: '0600000000' }],
      ],
    });
    const [byId, byAddress, byPhone] = exported.gdpr as { data: string; value: string }[][];
    assert.deepEqual(
      byId?.map((row) => [row.data, row.value]),
      [
        ['user_id sent to the personalization service', '12'],
        ['event waiting for the relay (shop 1)', 'Added To Cart'],
      ],
    );
    assert.deepEqual(byAddress, byId, 'an address names the same customer');
    assert.deepEqual(byPhone, [], 'a phone number names no one the module knows');

    // psgdpr 2 names the customer as [id]; psgdpr 1.x as their fields.
    const erased = await request({ state, customers: { 12: 'ada@shop.example' }, gdpr: [['delete', ['12']]] });
    assert.deepEqual(
      erased.queue.map((event) => event.user_id),
      [ANONYMOUS._sb_uid],
      "the anonymous shopper's event stays",
    );
    assert.match(
      erased.log.at(-1)?.message ?? '',
      /erasure for 1 customer account\(s\): 1 queued event\(s\) forgotten/,
    );
    const after = await request({ state, gdpr: [['export', { id: 12 }]] });
    assert.deepEqual(
      (after.gdpr?.[0] as { data: string }[]).map((row) => row.data),
      ['user_id sent to the personalization service'],
    );
  });
});
