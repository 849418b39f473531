import type { ServerResponse } from 'node:http';
import { json, StandIn } from '../../helpers/platform-standins.js';

export const PRESTASHOP_KEY = 'HD9BN1FW8QEQZ9I3ZKS5FD1RV8S7Z3YE';
/** A key whose permissions leave out `customers`. */
export const PRESTASHOP_LIMITED_KEY = 'LIMITED0000000000000000000000000';

/** The shop's wall clock, as PrestaShop stores `date_add` / `date_upd` (`PS_TIMEZONE`, no offset). */
export const SHOP_TIME_ZONE = 'Europe/Paris';

export function parisTime(epochMs: number): string {
  return new Date(epochMs).toLocaleString('sv-SE', { timeZone: SHOP_TIME_ZONE }).replace('T', ' ');
}

type Row = Record<string, unknown>;

/** `n` orders in the Webservice's JSON shape (strings everywhere), one an hour back from now, ids from 1. */
export function prestaOrders(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => {
    const at = parisTime(Date.now() - (n - i) * 3600_000);
    return {
      id: i + 1,
      id_address_delivery: '5',
      id_address_invoice: '5',
      id_cart: String(i + 1),
      id_currency: '1',
      id_lang: '1',
      id_customer: '5',
      id_carrier: '2',
      current_state: i % 3 === 0 ? '5' : '2',
      module: 'ps_checkpayment',
      reference: 'XKBKNABJK',
      payment: 'Payment by check',
      total_paid: '35.400000',
      total_paid_tax_incl: '35.400000',
      total_paid_tax_excl: '29.500000',
      total_products_wt: '28.680000',
      date_add: at,
      date_upd: at,
      associations: {
        order_rows: [
          {
            id: String(i + 1),
            product_id: '1',
            product_attribute_id: '1',
            product_quantity: '2',
            product_name: 'Hummingbird printed t-shirt - Size : S- Color : White',
            product_reference: 'demo_1',
            product_ean13: '',
            product_price: '23.900000',
            unit_price_tax_incl: '28.680000',
            unit_price_tax_excl: '23.900000',
          },
        ],
      },
    };
  });
}

export function prestaProducts(): Row[] {
  const at = parisTime(Date.now() - 86_400_000);
  const base = {
    id: 1,
    id_manufacturer: '1',
    id_category_default: '4',
    id_default_image: '1',
    reference: 'demo_1',
    ean13: '',
    link_rewrite: [
      { id: '1', value: 'hummingbird-printed-t-shirt' },
      { id: '2', value: 't-shirt-imprime-colibri' },
    ],
    on_sale: '0',
    active: '1',
    price: '23.900000',
    date_add: at,
    date_upd: at,
    name: [
      { id: '1', value: 'Hummingbird printed t-shirt' },
      { id: '2', value: 'T-shirt imprimé colibri' },
    ],
    description: [
      { id: '1', value: '<p><span style="font-size:10pt;">Symbol of lightness &amp; delicacy.</span></p>' },
      { id: '2', value: '<p>Symbole de légèreté.</p>' },
    ],
    associations: {
      categories: [{ id: '2' }, { id: '4' }],
      images: [{ id: '1' }, { id: '2' }],
      combinations: [{ id: '1' }, { id: '2' }],
    },
  };
  return [base, { ...base, id: 2, reference: 'demo_2', active: '0' }];
}

const LOOKUPS: Record<string, Row[]> = {
  configurations: [
    { id: '1', name: 'PS_TIMEZONE', value: SHOP_TIME_ZONE },
    { id: '2', name: 'PS_LANG_DEFAULT', value: '1' },
    { id: '3', name: 'PS_CURRENCY_DEFAULT', value: '1' },
    { id: '4', name: 'PS_REWRITING_SETTINGS', value: '1' },
    { id: '5', name: 'PS_VERSION_DB', value: '8.2.1' },
  ],
  currencies: [{ id: '1', iso_code: 'EUR', name: 'Euro' }],
  // The resource also carries the password hash: the client must never ask for `display=full`.
  customers: [
    { id: '5', email: 'pub@prestashop.com', firstname: 'John', lastname: 'DOE', passwd: '$2y$10$secret.hash' },
  ],
  addresses: [
    {
      id: '5',
      id_country: '8',
      firstname: 'John',
      lastname: 'DOE',
      city: 'Paris',
      postcode: '75002',
      phone: '0102030405',
      phone_mobile: '',
    },
  ],
  countries: [{ id: '8', iso_code: 'FR' }],
  order_states: [
    { id: '2', paid: '1', shipped: '0', delivery: '0' },
    { id: '5', paid: '1', shipped: '1', delivery: '1' },
  ],
  categories: [
    { id: '2', name: [{ id: '1', value: 'Home' }], is_root_category: '1', link_rewrite: [{ id: '1', value: 'home' }] },
    { id: '4', name: [{ id: '1', value: 'Men' }], is_root_category: '0', link_rewrite: [{ id: '1', value: 'men' }] },
  ],
};

const RANGE = /^\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\]$/;

/** `display=full`, `display=[a,b]`, or only the ids. */
function shown(row: Row, display: string | null): Row {
  if (display === 'full') return row;
  const names = display ? display.replace(/^\[|\]$/g, '').split(',') : ['id'];
  return Object.fromEntries(names.filter((n) => n in row).map((n) => [n, row[n]]));
}

/** The start of the `filter[date_upd]` range a request asked with, in the shop's time (none: empty). */
export function prestaCursorAsked(url: URL): string {
  return RANGE.exec(url.searchParams.get('filter[date_upd]') ?? '')?.[1] ?? '';
}

/** `filter[date_upd]` as PrestaShop reads it: a range only in its exact shape and only with `date=1`, else equality. */
function filtered(rows: Row[], url: URL): Row[] {
  let out = rows;
  for (const [param, value] of url.searchParams) {
    const field = /^filter\[(\w+)\]$/.exec(param)?.[1];
    if (!field) continue;
    const range = RANGE.exec(value);
    if (field.startsWith('date_') && range)
      out = out.filter((r) => String(r[field]) >= (range[1] as string) && String(r[field]) <= (range[2] as string));
    // `[1|2|3]`: any of them, as PrestaShop reads a list of values.
    else
      out = out.filter((r) =>
        value
          .replace(/^\[|\]$/g, '')
          .split('|')
          .includes(String(r[field])),
      );
  }
  return out;
}

function list(res: ServerResponse, resource: string, rows: Row[], url: URL): void {
  if ([...url.searchParams.keys()].some((k) => k.startsWith('filter[date')) && url.searchParams.get('date') !== '1') {
    return json(res, 400, { errors: [{ code: 37, message: 'Unable to filter by date without the parameter date=1' }] });
  }
  let out = filtered(rows, url);
  if (url.searchParams.get('sort') === '[date_upd_ASC,id_ASC]')
    out = [...out].sort(
      (a, b) => String(a['date_upd']).localeCompare(String(b['date_upd'])) || Number(a['id']) - Number(b['id']),
    );
  const [offset, count] = (url.searchParams.get('limit') ?? `0,${out.length}`).split(',').map(Number) as [
    number,
    number,
  ];
  const price = [...url.searchParams.keys()].map((k) => /^price\[(\w+)\]\[use_tax\]$/.exec(k)?.[1]).find(Boolean);
  const page = out
    .slice(offset, offset + count)
    .map((row) => shown(price ? { ...row, [price]: '28.680000' } : row, url.searchParams.get('display')));
  // An empty list comes back as [] instead of {"orders":[]}.
  json(res, 200, page.length === 0 ? [] : { [resource]: page });
}

/** Answers 401 to a request whose key is wrong, or whose key may not read what it asks for; true when it did. */
function refusedKey(authorization: string | undefined, url: URL, res: ServerResponse): boolean {
  const limited = authorization === `Basic ${Buffer.from(`${PRESTASHOP_LIMITED_KEY}:`).toString('base64')}`;
  if (limited && url.pathname === '/api/customers')
    return (
      json(res, 401, {
        errors: [{ code: 26, message: 'Resource of type "customers" is not allowed with this authentication key' }],
      }),
      true
    );
  if (limited || authorization === `Basic ${Buffer.from(`${PRESTASHOP_KEY}:`).toString('base64')}`) return false;
  // PrestaShop 9's WebserviceRequest::authenticate: a key of another length is error 18; a key
  // of 32 characters that is not an active key is 20, then 21 (no permissions for it).
  const key = Buffer.from((authorization ?? '').replace(/^Basic /, ''), 'base64')
    .toString()
    .replace(/:$/, '');
  const errors =
    key.length === 32
      ? [
          { code: 20, message: 'Authentification key is not active' },
          { code: 21, message: 'No permission for this authentication key' },
        ]
      : [{ code: 18, message: 'Invalid authentication key format' }];
  json(
    res,
    401,
    { errors },
    {
      'www-authenticate':
        'Basic realm="Welcome to PrestaShop Webservice, please enter the authentication key as the login. No password required."',
    },
  );
  return true;
}

/**
 * PrestaShop's Webservice (`/api/<resource>`) with its traps: the key as Basic user name with an
 * empty password, XML unless `output_format=JSON`, strings for numbers, multilingual fields,
 * `[]` for an empty list, the date range filter only with `date=1` and in its exact shape.
 */
/**
 * Each order's history as PrestaShop keeps it: a first state set by no employee (the checkout), or
 * by employee 1 for the orders `backOffice` names, then a later state set by employee 1.
 */
function orderHistories(orders: Row[], backOffice: readonly number[]): Row[] {
  return orders.flatMap((o, i) => [
    { id: String(2 * i + 1), id_order: String(o['id']), id_employee: backOffice.includes(Number(o['id'])) ? '1' : '0' },
    { id: String(2 * i + 2), id_order: String(o['id']), id_employee: '1' },
  ]);
}
/** A multistore's two shops and the switch that turns the feature on, as PrestaShop 9 answers them. */
const MULTISTORE: Record<string, Row[]> = {
  shops: [
    { id: '1', name: 'TEST 9', active: '1' },
    { id: '2', name: 'Second shop', active: '1' },
  ],
  configurations: [...(LOOKUPS['configurations'] ?? []), { id: '9', name: 'PS_MULTISHOP_FEATURE_ACTIVE', value: '1' }],
};

/** The rows a resource lists: the shop's orders and products, their histories, or a lookup. */
function resourceRows(
  resource: string,
  orders: Row[],
  products: Row[],
  switches: { backOffice?: number[]; multistore?: boolean },
): Row[] | undefined {
  if (resource === 'orders') return orders;
  if (resource === 'products') return products;
  if (resource === 'order_histories') return orderHistories(orders, switches.backOffice ?? []);
  return (switches.multistore ? { ...LOOKUPS, ...MULTISTORE } : LOOKUPS)[resource];
}

export function prestaShopStandIn(
  orders: Row[],
  products: Row[],
  switches: { webserviceOff?: boolean; backOffice?: number[]; multistore?: boolean } = {},
): StandIn {
  return new StandIn((req, url, res) => {
    // `WebserviceRequest::isActivated`: 503 with error 22, before the key is even read.
    if (switches.webserviceOff)
      return json(res, 503, {
        errors: [
          {
            code: 22,
            message: 'The PrestaShop webservice is disabled. Please activate it in the PrestaShop Back Office',
          },
        ],
      });
    if (refusedKey(req.headers.authorization, url, res)) return;
    if (url.searchParams.get('output_format') !== 'JSON' && req.headers['output-format'] !== 'JSON') {
      res.writeHead(200, { 'content-type': 'text/xml;charset=utf-8' });
      return res.end(
        '<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink"></prestashop>',
      );
    }
    const resource = /^\/api\/(\w+)$/.exec(url.pathname)?.[1] ?? '';
    const rows = resourceRows(resource, orders, products, switches);
    if (!rows)
      return json(res, 404, { errors: [{ code: 20, message: `Resource of type "${resource}" does not exists` }] });
    list(res, resource, rows, url);
  });
}
