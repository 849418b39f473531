import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { codeOf } from '../../../relay/contract/field-error.js';
import { mappedToRecord, type MappedRecord } from '../../../relay/platforms/mapped-record.js';
import { SHOPIFY } from '../../../relay/platforms/shopify/shopify-platform.js';
import { WOOCOMMERCE } from '../../../relay/platforms/woocommerce/woocommerce-platform.js';
import type { PlatformKind } from '../../../relay/platforms/connector.js';
import type { Platform } from '../../../relay/platforms/platform.js';
import { parseExactJson } from '../../../relay/shared/exact-json.js';
import { freshFixture } from '../../helpers/platform-fixtures.js';

const catalog = { currency: 'EUR', shopUrl: 'https://shop.example' };
const NOW = Date.now();

/** A platform payload as the fixtures have it: fields, and the order's line items. */
type Payload = { [field: string]: unknown; line_items: Record<string, unknown>[] };

/** A platform's documented payload (`<platform>/<file>`), changed by `edit`, as its webhooks map it. */
function mapped(
  platform: Platform,
  fixture: string,
  kind: PlatformKind,
  edit: (payload: Payload) => void = () => undefined,
): MappedRecord {
  const payload = parseExactJson(freshFixture(fixture)) as Payload;
  edit(payload);
  const mapping = platform.map(kind, payload, catalog);
  assert.ok('kind' in mapping, `${fixture} maps to a record`);
  return mapping;
}

describe('mappedToRecord(batch, dedupeId)', () => {
  it("makes a mapped body the record keyed by its identity, exact 64-bit id and all, with the delivery's id and the order's channel", () => {
    const order = mapped(SHOPIFY, 'shopify/order-paid.json', 'order');
    const check = mappedToRecord([order], 'webhook-7f3a')(order.body, NOW);
    assert.ok(check.ok, JSON.stringify(!check.ok && check.errors));
    assert.equal(check.value.kind, 'order');
    assert.equal(check.value.key, '820982911946154508');
    assert.equal(check.value.body['order_id'], 820982911946154508n);
    assert.equal(check.value.dedupeId, 'webhook-7f3a');
    assert.deepEqual(check.value.channel, { madeBy: 'storefront', said: 'source_name web' });
  });

  it('gives the record no dedupeId without a delivery id, and no channel when the mapping has none', () => {
    const product = mapped(WOOCOMMERCE, 'woocommerce/product.json', 'product');
    const check = mappedToRecord([product])(product.body, NOW);
    assert.ok(check.ok);
    assert.deepEqual(Object.keys(check.value).sort(), ['body', 'key', 'kind']);
    assert.equal(check.value.key, '93');
  });

  it('refuses a valid body whose mapping found errors, with those errors and the record as checked', () => {
    const order = mapped(WOOCOMMERCE, 'woocommerce/order-variation.json', 'order', (o) => {
      o.line_items[0]!['subtotal_tax'] = 'n/a';
    });
    assert.equal(order.errors.length, 1);
    const check = mappedToRecord([order])(order.body, NOW);
    assert.ok(!check.ok && 'record' in check);
    assert.deepEqual(check.errors, order.errors);
    assert.deepEqual([check.record.kind, check.record.key, check.record.body['order_id']], ['order', '727', 727]);
  });

  it("refuses a body the contract refuses with the mapping's errors first, then the contract's, keeping the body as read for the dead letter", () => {
    const order = mapped(WOOCOMMERCE, 'woocommerce/order-variation.json', 'order', (o) => {
      o.line_items[0]!['subtotal_tax'] = 'n/a';
      o['currency'] = 'euro';
    });
    const check = mappedToRecord([order])(order.body, NOW);
    assert.ok(!check.ok && 'record' in check);
    assert.deepEqual(
      check.errors.map((e) => e.path),
      ['line_items[0].line_item_subtotal_tax', 'currency'],
    );
    assert.match(check.errors[1]?.message ?? '', /three-letter currency code/);
    assert.deepEqual(check.record, { kind: 'order', key: '727', body: order.body });
  });

  it('reads each body handed to it by its own mapping, among several of a batch', () => {
    const valid = mapped(WOOCOMMERCE, 'woocommerce/order-digital.json', 'order');
    const refused = mapped(WOOCOMMERCE, 'woocommerce/order-variation.json', 'order', (o) => {
      o.line_items[0]!['total_tax'] = 'sixty-five';
    });
    const toRecord = mappedToRecord([refused, valid]);
    const first = toRecord(valid.body, NOW);
    const second = toRecord(refused.body, NOW);
    assert.ok(first.ok);
    assert.equal(first.value.key, '731');
    assert.ok(!second.ok && 'record' in second);
    assert.equal(second.record.key, '727');
    assert.deepEqual(second.errors, refused.errors);
  });

  it('judges the age of a body by the time it is given, not its own clock', () => {
    const order = mapped(WOOCOMMERCE, 'woocommerce/order-digital.json', 'order');
    const threeYearsOn = NOW + 3 * 366 * 86_400_000;
    const check = mappedToRecord([order])(order.body, threeYearsOn);
    assert.ok(!check.ok);
    assert.deepEqual(
      check.errors.map((e) => [e.path, codeOf(e)]),
      [['date_created_gmt', 'too_old']],
    );
  });
});
