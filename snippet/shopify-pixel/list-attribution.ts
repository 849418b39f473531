import { createLastClicks } from '../last-clicks.js';
import type { KeyValueStore } from '../types.js';
import type { PixelCommand } from './standard-events.js';

/**
 * The listing each product came from, in the top frame's storage: the last click, then the cart
 * line it became. One key, bounded.
 */
export const ATTRIBUTION_KEY = '_sb_attr';
const MAX_REMEMBERED = 50;

/** `list_id`, `position` and, for a search, `query`: what an add and its order lines name. */
type Attribution = Record<string, string | number>;
interface Remembered {
  /** The session's last listing: its id, its search, each product's position. */
  list?: { sid: string; attribution: Attribution; positions: Record<string, number> };
  /** Per product, the listing it was last clicked from, in which session. */
  clicks: Record<string, Attribution & { sid: string }>;
  /** Per product, the attribution of the cart line's latest add. */
  lines: Record<string, Attribution>;
}

/** The record with `key` set to `value` (none: left out), newest last, the oldest dropped past the bound. */
function withEntry<T>(record: Record<string, T>, key: string, value: T | undefined): Record<string, T> {
  const others = Object.entries(record).filter(([k]) => k !== key);
  return Object.fromEntries(value === undefined ? others : [...others, [key, value] as const].slice(-MAX_REMEMBERED));
}

function load(store: KeyValueStore): Remembered {
  try {
    return { clicks: {}, lines: {}, ...(JSON.parse(store.get(ATTRIBUTION_KEY) || '{}') as Partial<Remembered>) };
  } catch {
    return { clicks: {}, lines: {} };
  }
}

const fieldsOf = (command: PixelCommand) => command[command.length - 1] as Record<string, unknown>;
const productOf = (fields: Record<string, unknown>) => String(fields['product_id']);
const isCheckout = (command: PixelCommand) =>
  command[0] === 'purchase' || (command[0] === 'track' && command[1] === 'Checkout Started');

/**
 * Last click wins, for the session (30 minutes without activity, the session the tracker keeps):
 * a `Product Clicked` of a listing, or, where the theme's click reached no link (an image taking
 * the click: Shopify's `clicked` has no parents), a product page viewed after a listing of the
 * session that showed it, since the pixel API has no product click of its own. An add takes the
 * session's click for its product and its cart line keeps it through a removal, `Checkout Started`
 * and `Order Completed`; an add with no click before it names none, and the line then none.
 */
export function createListAttribution(store: KeyValueStore) {
  const remembered = load(store);
  /**
   * The clicks the storefront snippet kept (a recommendation card the theme's events listed, which
   * the sandboxed pixel never sees), read the snippet's own way: the two share the session cookie.
   */
  const storefront = createLastClicks(store);
  /** The search typed on this page, for its results' listing. */
  let query: string | undefined;

  function clickOf(id: string, sid: string): Attribution | undefined {
    const { sid: session, ...attribution } = remembered.clicks[id] ?? { sid: '' };
    return session === sid ? attribution : (storefront.of(id, sid) as Attribution | undefined);
  }
  const click = (id: string, sid: string, attribution: Attribution) =>
    (remembered.clicks = withEntry(remembered.clicks, id, { ...attribution, sid }));

  function viewList(fields: Record<string, unknown>, sid: string): void {
    const listId = String(fields['list_id']);
    const products = (fields['products'] as { product_id: unknown; position: number }[] | undefined) ?? [];
    remembered.list = {
      sid,
      attribution: { list_id: listId, ...(listId === 'search' && query ? { query } : {}) },
      positions: Object.fromEntries(products.map((p) => [String(p.product_id), p.position])),
    };
  }

  function clicked(fields: Record<string, unknown>, sid: string): void {
    const list = remembered.list?.attribution;
    const listed = list?.['list_id'] === fields['list_id'] ? list : { list_id: String(fields['list_id']) };
    click(productOf(fields), sid, { ...listed, position: fields['position'] as number });
  }

  function viewProduct(fields: Record<string, unknown>, sid: string): void {
    const id = productOf(fields);
    const list = remembered.list?.sid === sid ? remembered.list : undefined;
    const position = list?.positions[id];
    if (list && position && !clickOf(id, sid)) click(id, sid, { ...list.attribution, position });
  }

  function addToCart(fields: Record<string, unknown>, sid: string): void {
    const attribution = clickOf(productOf(fields), sid);
    remembered.lines = withEntry(remembered.lines, productOf(fields), attribution);
    Object.assign(fields, attribution);
  }

  /** Each checkout line with its cart line's attribution; an order's lines are then forgotten. */
  function checkout(command: PixelCommand): void {
    const items = (fieldsOf(command)['items'] as Record<string, unknown>[] | undefined) ?? [];
    for (const item of items) Object.assign(item, remembered.lines[productOf(item)]);
    if (command[0] === 'purchase')
      for (const item of items) remembered.lines = withEntry(remembered.lines, productOf(item), undefined);
  }

  const HANDLERS: Record<string, (fields: Record<string, unknown>, sid: string) => void> = {
    search: (fields) => (query = String(fields['query'])),
    viewList,
    'Product Clicked': clicked,
    viewProduct,
    addToCart,
    // A removal names its line's add.
    removeFromCart: (fields) => Object.assign(fields, remembered.lines[productOf(fields)]),
  };

  /** The command with its attribution, what it taught remembered. */
  return (command: PixelCommand, sid: string): PixelCommand => {
    const name = command[0] === 'track' ? command[1] : command[0];
    HANDLERS[name]?.(fieldsOf(command), sid);
    if (isCheckout(command)) checkout(command);
    store.set(ATTRIBUTION_KEY, JSON.stringify(remembered));
    return command;
  };
}
