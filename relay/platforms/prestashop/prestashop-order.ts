import { joinPath } from '../../contract/field-error.js';
import { fields, list, type Mapping, orderChannel, textOf } from '../mapping.js';
import { compact, FieldReader, firstText } from '../platform-values.js';
import { shopTimeToEpoch, utcText } from './shop-time.js';
import { prestaShopStatus } from './prestashop-status.js';
import type { OrderChannel } from '../../shared/order-channel.js';

/** An order with what it names, looked up while paging (mapping is synchronous): see `prestashop-pages.ts`. */
export interface PrestaShopOrder {
  order: Record<string, unknown>;
  currency?: Record<string, unknown>;
  customer?: Record<string, unknown>;
  address?: Record<string, unknown>;
  country?: Record<string, unknown>;
  state?: Record<string, unknown>;
  /** Its first `order_histories` row, `unreadable` when the key may not read them: see `prestashop-order-origin.ts`. */
  firstState?: Record<string, unknown> | 'unreadable';
  timeZone: string;
}

/**
 * Where PrestaShop says the order was made: a first state set by an employee is the back office's
 * (`id_employee` of whoever placed it there), one set by none the checkout's. An order placed
 * through the Webservice also has none, and is taken for the storefront's: PrestaShop records
 * nothing else that tells them apart.
 */
function prestaShopChannel(firstState: PrestaShopOrder['firstState']): OrderChannel {
  if (firstState === 'unreadable')
    return orderChannel('other', 'order history unreadable: the Webservice key lacks GET on order_histories');
  if (!firstState) return orderChannel('other', 'no order history');
  const employee = quantity(firstState['id_employee']) ?? 0;
  return employee > 0
    ? orderChannel('back office', `first state set by employee ${employee}`)
    : orderChannel('storefront', 'first state set by no employee');
}

/** A count: PrestaShop sends numbers as strings ("2"). */
function quantity(value: unknown): number | undefined {
  const text = textOf(value ?? '');
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

/** The digits a currency's amounts have (PrestaShop's `precision`, 2 unless the currency says). */
function precisionOf(currency: Record<string, unknown> | undefined): number {
  const text = textOf(currency?.['precision'] ?? '');
  return /^\d$/.test(text) ? Number(text) : 2;
}

/**
 * An amount rounded half away from zero, as PrestaShop's `Tools::ps_round` shows it: a unit price
 * is stored to six decimals (`10.115000`), and the order shows `10.12`. Rounding the decimal's own
 * digits (`1011.5`), never its binary double's (`1011.4999…`).
 */
function rounded(amount: number | undefined, precision: number): number | undefined {
  if (amount === undefined) return undefined;
  const digits = String(Math.abs(amount));
  // Below 1e-6 a number is written with an exponent of its own, and is 0 at any currency's digits.
  if (digits.includes('e')) return 0;
  const scaled = Math.round(Number(`${digits}e${precision}`));
  return Math.sign(amount) * Number(`${scaled}e-${precision}`);
}

function lineItem(raw: unknown, index: number, read: FieldReader, precision: number): Record<string, unknown> {
  const row = fields(raw);
  const at = (field: string) => joinPath(joinPath('line_items', index), field);
  return compact({
    line_item_product_id: read.id(quantity(row['product_id']) ?? row['product_id'], at('line_item_product_id')),
    line_item_variation_id: read.id(
      quantity(row['product_attribute_id']) ?? row['product_attribute_id'],
      at('line_item_variation_id'),
    ),
    line_item_quantity: quantity(row['product_quantity']) ?? row['product_quantity'],
    line_item_price: rounded(read.amount(row['unit_price_tax_incl'], at('line_item_price')), precision),
    line_item_name: firstText(row['product_name']),
    line_item_sku: firstText(row['product_reference']),
  });
}

function utc(read: FieldReader, text: unknown, timeZone: string, field: string): string | undefined {
  if (text === undefined || text === null || text === '' || textOf(text).startsWith('0000')) return undefined;
  const at = shopTimeToEpoch(text, timeZone);
  return Number.isFinite(at) ? utcText(at) : read.utc(text, field);
}

/**
 * A PrestaShop order (Webservice, `display=full`) as the service's Order: `id` is the order id
 * (`reference` is not unique); the total with tax; the customer's e-mail and names; city, postcode,
 * phone and country from the invoice address (else the delivery one); line items from
 * `associations.order_rows`, each unit price as the order shows it (rounded to the currency's
 * digits). Dates are the shop's wall clock and become UTC.
 */
export function mapPrestaShopOrder(payload: PrestaShopOrder): Mapping {
  // Read as any JSON: what the Webservice answered is the shop's, not ours (a fuzzer found the shop's own shapes).
  const [o, customer, address] = [fields(payload.order), fields(payload.customer), fields(payload.address)];
  const { timeZone } = payload;
  const read = new FieldReader();
  const rows = list(fields(o['associations'])['order_rows']);
  const created = utc(read, o['date_add'], timeZone, 'date_created_gmt');
  const modified = utc(read, o['date_upd'], timeZone, 'date_modified_gmt');
  const body = compact({
    order_id: read.id(quantity(o['id']) ?? o['id'], 'order_id'),
    date_created_gmt: created,
    // A wall-clock time inside the spring-forward gap (02:30 that never was) names no instant: read as
    // a clock not yet moved on, it can land after a later modification, which is then its creation.
    date_modified_gmt: created !== undefined && modified !== undefined && modified < created ? created : modified,
    order_value: read.amount(o['total_paid_tax_incl'], 'order_value'),
    currency: firstText(payload.currency?.['iso_code']),
    status: prestaShopStatus(o['current_state'], payload.state),
    email: firstText(customer['email']),
    first_name: firstText(customer['firstname'], address['firstname']),
    last_name: firstText(customer['lastname'], address['lastname']),
    phone: firstText(address['phone'], address['phone_mobile']),
    city: firstText(address['city']),
    zip_code: firstText(address['postcode']),
    country: firstText(payload.country?.['iso_code']),
    line_items: rows.map((row, i) => lineItem(row, i, read, precisionOf(payload.currency))),
  });
  return { kind: 'order', body, errors: read.errors, channel: prestaShopChannel(payload.firstState) };
}
