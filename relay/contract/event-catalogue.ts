import Type, { type TSchema } from 'typebox';

/**
 * The one place an event is defined (ARCHITECTURE.md, "Adding an event"): its name, its snippet
 * helper, its fields, their types and which are required, and whether the platforms send it (the
 * WooCommerce plugin, the PrestaShop module, the Shopify pixel). The snippet has no helper list: it
 * sends any command not its own as a helper's, which the relay names by this catalogue or refuses.
 * The spec shows only `Added To Cart`'s fields and no types; the rest follow Segment's E-commerce Spec v2.
 * The relay validates each catalogued event by it and lets other fields through, as it always did
 * for `Added To Cart` (a shop's own fields are its business); the sources' tests hold each source
 * to the strict form, which refuses a field the catalogue lacks.
 */

/** One field: its schema (strict or not, for fields that are objects themselves) and whether it is required. */
export interface CatalogueField {
  schema: (strict: boolean) => TSchema;
  required: boolean;
  description: string;
  /** Another field of the same object it means nothing without: refused when sent alone. */
  requires?: string;
}

export type CatalogueFields = Record<string, CatalogueField>;

export interface CatalogueEvent {
  /** The short name the snippet's helper sends it by (its command's name), or none when only `track` does. */
  helper?: string;
  /** Every platform's integration sends it: docs/platforms.md's journey table then has its row. */
  platforms?: true;
  description: string;
  fields: CatalogueFields;
}

/** The longest text field of a record, events and the catalog's records alike. */
export const MAX_TEXT = 4096;
const text = () => Type.String({ maxLength: MAX_TEXT });
const label = () => Type.String({ minLength: 1, maxLength: 256 });
const money = () => Type.Number({ minimum: 0 });
/** ISO 4217 codes are three letters; a symbol such as `€` would be refused by the service's billing. */
export const currency = () =>
  Type.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 currency code, e.g. EUR' });
/** A platform's id: an integer where it has one (WooCommerce, PrestaShop, Shopify's digits), else its text. */
const id = () => Type.Union([Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }), label()]);
const position = () => Type.Integer({ minimum: 1, maximum: 1_000_000 });

/**
 * A field; its schema is given `strict` so a field that is an object itself (a line, a listed
 * product) is built strict or not with its event.
 */
const field = (schema: (strict: boolean) => TSchema, description: string, required = false): CatalogueField => ({
  schema,
  description,
  required,
});

/** An optional field refused without `other`, the field it says something about. */
const fieldOf = (other: string, schema: (strict: boolean) => TSchema, description: string): CatalogueField => ({
  ...field(schema, description),
  requires: other,
});

/** JSON Schema's `dependentRequired` of a field table: each field that `requires` another, or nothing. */
function dependencies(fields: CatalogueFields): Record<string, unknown> {
  const pairs = Object.entries(fields).flatMap(([name, { requires }]) => (requires ? [[name, [requires]]] : []));
  return pairs.length > 0 ? { dependentRequired: Object.fromEntries(pairs) } : {};
}

/** The object of a field table, optional fields marked, unknown fields allowed unless strict. */
export function objectSchema(fields: CatalogueFields, strict: boolean, options: Record<string, unknown> = {}) {
  const properties = Object.fromEntries(
    Object.entries(fields).map(([name, { schema, required, description }]) => {
      const typed = { ...schema(strict), description };
      return [name, required ? typed : Type.Optional(typed)];
    }),
  );
  return Type.Object(properties, { ...options, ...dependencies(fields), additionalProperties: !strict });
}

/** A product as the cart events carry it: `Added To Cart`'s fields in the spec. */
export const PRODUCT_FIELDS: CatalogueFields = {
  product_id: field(id, 'the id the catalog sends to /v1/products/catalog', true),
  product_type: field(text, "the product's category or type"),
  name: field(text, "the product's name, as text"),
  price: field(money, 'the unit price as shown to the visitor'),
  currency: field(currency, 'ISO 4217 code'),
  quantity: field(() => Type.Integer({ minimum: 1, maximum: 1_000_000 }), 'how many'),
  url: field(text, 'the product page'),
  image_url: field(text, "the product's image"),
  // Last click wins within the session (GA4's item-scoped item_list_id, Algolia's queryID of the click).
  list_id: field(
    label,
    "the listing this product was last clicked from in the shopper's session, as Product Clicked's list_id; none when no click came before its add",
  ),
  position: fieldOf('list_id', position, 'its position in that listing, as Product Clicked sent it'),
  query: fieldOf('list_id', label, 'the search as typed, only when that listing is a search'),
};

/** A product of a listing, as rendered to this visitor. */
export const LIST_PRODUCT_FIELDS: CatalogueFields = {
  product_id: field(id, 'the id the catalog sends', true),
  position: field(position, "from 1, in the listing's own numbering: page 2 goes on from page 1's last", true),
  name: field(text, "the product's name, as text"),
  price: field(money, 'the price as shown to the visitor'),
  currency: field(currency, 'ISO 4217 code'),
  url: field(text, "the product page the listing links to (the snippet's click capture matches it)"),
};

/** The most products one listing event carries (GA4 takes 200 items an event). */
export const MAX_LIST_PRODUCTS = 200;

const items = field(
  (strict) => Type.Array(objectSchema(PRODUCT_FIELDS, strict), { maxItems: 1000 }),
  'the lines, each the product fields with quantity',
);

const CHECKOUT_FIELDS: CatalogueFields = {
  order_value: field(money, "the cart's or order's total"),
  currency: field(currency, 'ISO 4217 code'),
  items,
};

const LIST_ID = field(
  label,
  'the listing, stable across visits and pages: category-12, search, new-products, collection-123',
  true,
);

export const EVENT_CATALOGUE: Record<string, CatalogueEvent> = {
  'Product Viewed': { helper: 'viewProduct', platforms: true, description: 'a product page', fields: PRODUCT_FIELDS },
  'Added To Cart': {
    helper: 'addToCart',
    platforms: true,
    description: 'a product into the cart',
    fields: PRODUCT_FIELDS,
  },
  'Removed From Cart': {
    helper: 'removeFromCart',
    platforms: true,
    description: 'a product out of the cart',
    fields: PRODUCT_FIELDS,
  },
  'Checkout Started': { platforms: true, description: 'the checkout shown with a cart', fields: CHECKOUT_FIELDS },
  'Order Completed': {
    helper: 'purchase',
    platforms: true,
    description: 'an order placed',
    fields: {
      order_id: field(id, 'the id /v1/orders carries: the service joins the visit to the order by it', true),
      ...CHECKOUT_FIELDS,
    },
  },
  'Products Searched': {
    helper: 'search',
    platforms: true,
    description: "the shop's own product search",
    fields: {
      query: field(() => Type.String({ minLength: 1, maxLength: 256 }), 'what the shopper searched, as typed', true),
      results: field(() => Type.Integer({ minimum: 0 }), 'how many products the platform found, where it says'),
    },
  },
  'Product List Viewed': {
    helper: 'viewList',
    platforms: true,
    description: 'a listing: a category, the shop page, search results, a collection',
    fields: {
      list_id: LIST_ID,
      list_name: field(text, "the listing's name as shown"),
      products: field(
        (strict) => Type.Array(objectSchema(LIST_PRODUCT_FIELDS, strict), { minItems: 1, maxItems: MAX_LIST_PRODUCTS }),
        'the products as rendered, in order',
        true,
      ),
    },
  },
  'Product Clicked': {
    helper: 'click',
    platforms: true,
    description:
      "a click on a product of a listing, from the browser (a marked element, or a link to a listing's product)",
    fields: {
      product_id: field(id, 'the product clicked', true),
      position: field(position, 'its position in the listing'),
      list_id: LIST_ID,
    },
  },
};

/** The catalogued event of that name; nothing for any other value (an object, `constructor`). */
export function cataloguedEvent(name: unknown): CatalogueEvent | undefined {
  return typeof name === 'string' && Object.hasOwn(EVENT_CATALOGUE, name) ? EVENT_CATALOGUE[name] : undefined;
}

/** Each event's name by the short name its snippet helper sends it by. */
const BY_HELPER = new Map(
  Object.entries(EVENT_CATALOGUE).flatMap(([name, event]) => (event.helper ? [[event.helper, name] as const] : [])),
);

/**
 * The catalogue's name of the event a snippet helper sent by its short name (`addToCart`), else the
 * name as it came.
 */
export function helperEventName(name: unknown): unknown {
  return (typeof name === 'string' && BY_HELPER.get(name)) || name;
}

/** Each catalogued event's object: `strict` refuses a field the catalogue lacks. */
export function eventObjectSchema(name: string, strict: boolean): TSchema | undefined {
  const event = cataloguedEvent(name);
  return event && objectSchema(event.fields, strict);
}
