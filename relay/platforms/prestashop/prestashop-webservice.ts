import { fields, list } from '../mapping.js';
import type { PlatformClient } from '../platform-client.js';

export interface PrestaShopApiSettings {
  /** The shop's address, e.g. https://shop.example (the Webservice is `<url>/api/`). */
  url: string;
  /** The Webservice key: the HTTP Basic user name, with an empty password. */
  key: string;
  /** A multistore's shop (`id_shop`) every call is scoped to; unset: the shop the URL resolves to. */
  shopId?: string | undefined;
}

/** A list request's parameters besides the output format (`display`, `filter[…]`, `sort`, `limit`, `date`). */
export type ListParams = Record<string, string>;

/**
 * PrestaShop's Webservice (1.7, 8.x) in JSON. The key goes as Basic auth, never as `?ws_key=`
 * (a query string ends up in access logs). `output_format=JSON`, or the answer is XML. An empty
 * list may come back as `[]` instead of `{"orders":[]}`. With a shop id every call carries
 * `id_shop`: WebserviceRequest then sets that shop as the context (Shop::initialize reads it),
 * orders are listed for it alone (Order::getWebserviceObjectList's Shop::addSqlRestriction) and
 * products by its `product_shop` rows, with its prices; a key not allowed on that shop is refused.
 */
export class PrestaShopWebservice {
  private readonly authorization: string;
  private readonly base: string;
  readonly shopId: string | undefined;

  constructor(
    private readonly client: PlatformClient,
    settings: PrestaShopApiSettings,
  ) {
    this.base = `${settings.url.replace(/\/+$/, '')}/api`;
    this.authorization = `Basic ${Buffer.from(`${settings.key}:`).toString('base64')}`;
    this.shopId = settings.shopId;
  }

  async list(resource: string, params: ListParams): Promise<Record<string, unknown>[]> {
    const query = new URLSearchParams({
      output_format: 'JSON',
      ...params,
      ...(this.shopId === undefined ? {} : { id_shop: this.shopId }),
    });
    const { body } = await this.client.get(`${this.base}/${resource}?${query}`, {
      authorization: this.authorization,
      'output-format': 'JSON',
    });
    return list(fields(body)[resource]).map(fields);
  }

  /** One record by id with only the fields asked for (a customer carries its password hash: never ask for all). */
  async byId(resource: string, id: unknown, display: string): Promise<Record<string, unknown> | undefined> {
    if (!/^\d+$/.test(String(id)) || String(id) === '0') return undefined;
    const [found] = await this.list(resource, { display, [`filter[id]`]: `[${String(id)}]` });
    return found;
  }

  /**
   * A `configurations` value by name (`PS_TIMEZONE`, `PS_LANG_DEFAULT`): the scoped shop's own row
   * where it has one, else the global row (no shop) where a multistore has several. The resource
   * lists every shop's rows whatever the scope.
   */
  async configuration(name: string): Promise<string | undefined> {
    return (await this.configurations([name])).get(name);
  }

  /** Several `configurations` values in one read (`filter[name]=[A|B]`), each chosen as `configuration` chooses; unset ones absent. */
  async configurations(names: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.list('configurations', {
      display: '[name,value,id_shop]',
      'filter[name]': `[${names.join('|')}]`,
    });
    const values = new Map<string, string>();
    for (const name of names) {
      const named = rows.filter((row) => row['name'] === name);
      const own = this.shopId === undefined ? undefined : named.find((row) => String(row['id_shop']) === this.shopId);
      const value = (own ?? named.find((row) => !row['id_shop']) ?? named[0])?.['value'];
      if (typeof value === 'string' && value !== '') values.set(name, value);
    }
    return values;
  }
}

/** The shop's default currency: `PS_CURRENCY_DEFAULT` is the id of a `currencies` row, whose `iso_code` it is. */
export async function prestaShopCurrency(webservice: PrestaShopWebservice): Promise<string | undefined> {
  const id = await webservice.configuration('PS_CURRENCY_DEFAULT');
  const currency = await webservice.byId('currencies', id, '[id,iso_code]');
  const code = currency?.['iso_code'];
  return typeof code === 'string' ? code : undefined;
}

/**
 * Each id looked up once per sweep: an order names its currency, customer, addresses, country and
 * state, which most orders share.
 */
export class LookupCache {
  private readonly cache = new Map<string, Promise<Record<string, unknown> | undefined>>();

  constructor(private readonly webservice: PrestaShopWebservice) {}

  get(resource: string, id: unknown, display: string): Promise<Record<string, unknown> | undefined> {
    const key = `${resource}:${String(id)}:${display}`;
    let found = this.cache.get(key);
    if (!found) {
      found = this.webservice.byId(resource, id, display);
      this.cache.set(key, found);
    }
    return found;
  }
}
