import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mapPrestaShopOrder } from '../../../../relay/platforms/prestashop/prestashop-order.js';

describe('PrestaShop orders', () => {
  it("sends each line's unit price as the order shows it, rounded half up to the currency's digits, never its six stored decimals", () => {
    const prices = ['10.115000', '0.715300', '0.224154', '-2.005000', '0.0000001', '7.000000'];
    const rows = prices.map((unit, i) => ({
      product_id: String(i + 1),
      product_quantity: '1',
      unit_price_tax_incl: unit,
    }));
    const lines = (currency?: Record<string, unknown>) => {
      const mapped = mapPrestaShopOrder({
        order: { id: '9', associations: { order_rows: rows } },
        currency,
        timeZone: 'Europe/Warsaw',
      });
      return 'kind' in mapped
        ? (mapped.body['line_items'] as { line_item_price: number }[]).map((l) => l.line_item_price)
        : [];
    };
    assert.deepEqual(lines({ iso_code: 'EUR', precision: '2' }), [10.12, 0.72, 0.22, -2.01, 0, 7]);
    assert.deepEqual(lines({ iso_code: 'JPY', precision: '0' }), [10, 1, 0, -2, 0, 7]);
    assert.deepEqual(lines(), [10.12, 0.72, 0.22, -2.01, 0, 7], 'two digits when the currency names none');
  });
  it('never sends an order modified before it was made: a creation inside the spring-forward gap (02:30 on 2026-03-29 in Warsaw)', () => {
    const mapped = mapPrestaShopOrder({
      order: { id: '9', date_add: '2026-03-29 02:30:00', date_upd: '2026-03-29 03:10:00' },
      timeZone: 'Europe/Warsaw',
    });
    const body = 'kind' in mapped ? mapped.body : {};
    assert.deepEqual(
      [body['date_created_gmt'], body['date_modified_gmt']],
      ['2026-03-29 01:30:00', '2026-03-29 01:30:00'],
    );
    const later = mapPrestaShopOrder({
      order: { id: '9', date_add: '2026-03-29 01:59:00', date_upd: '2026-03-29 03:10:00' },
      timeZone: 'Europe/Warsaw',
    });
    assert.deepEqual('kind' in later ? [later.body['date_created_gmt'], later.body['date_modified_gmt']] : [], [
      '2026-03-29 00:59:00',
      '2026-03-29 01:10:00',
    ]);
  });
  it('names the field of a payload it cannot read instead of throwing', () => {
    const mapped = mapPrestaShopOrder({
      order: { id: 'x', total_paid_tax_incl: 'lots', associations: 'none' },
      timeZone: 'Europe/Paris',
    });
    assert.ok('kind' in mapped);
    assert.deepEqual(mapped.errors.map((e) => e.path).sort(), ['order_id', 'order_value']);
  });

  it('says where the order was made from who set its first state, never from how it was paid', () => {
    const channel = (firstState: Parameters<typeof mapPrestaShopOrder>[0]['firstState']) => {
      const mapped = mapPrestaShopOrder({
        order: { id: '39', payment: 'Bank transfer', date_add: '2026-11-20 12:00:00' },
        timeZone: 'Europe/Paris',
        ...(firstState ? { firstState } : {}),
      });
      return 'kind' in mapped ? mapped.channel : undefined;
    };
    assert.deepEqual(
      [channel({ id: '80', id_employee: '1' }), channel({ id: '81', id_employee: '0' }), channel(undefined)],
      [
        { madeBy: 'back office', said: 'first state set by employee 1' },
        { madeBy: 'storefront', said: 'first state set by no employee' },
        { madeBy: 'other', said: 'no order history' },
      ],
    );
  });
});
