import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Harness } from './relay-harness.js';
import { unmetRequirement } from './requirement.js';

export const PLUGIN_DIR = 'integrations/woocommerce';

/**
 * Why the plugin's and the module's PHP cannot run here, if it cannot (`scripts/ensure-tools.mjs`
 * installs both): PrestaShop requires mbstring, which Debian's php-cli leaves out.
 */
export function phpUnavailable(): string | undefined {
  try {
    execFileSync('php', ['-r', 'exit(extension_loaded("mbstring") ? 0 : 3);'], { stdio: 'ignore' });
    return undefined;
  } catch (error) {
    const lacksMbstring = (error as { status?: number }).status === 3;
    const what = lacksMbstring ? "php's mbstring extension is not installed" : 'php is not installed';
    return `${what} (apt-get install php-cli php-mbstring; npm run test:integration does it as root)`;
  }
}

/** Every PHP file of the plugin and its test stand-ins. */
export function phpFiles(dir = PLUGIN_DIR): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? phpFiles(path) : path.endsWith('.php') ? [path] : [];
    });
}

export interface PluginScenario {
  /** WordPress options: `woocommerce_shopbeacon_settings` holds the plugin's. */
  options?: Record<string, unknown>;
  /** The browser's cookies; an array is what PHP makes of `name[]=value`. */
  cookies?: Record<string, string | string[]>;
  user_id?: number;
  /** A product id: the request is that product's page. */
  product_page?: number;
  /**
   * `['add' | 'remove' | 'add-again', product_id, quantity, variation_id?]`, `['set', product_id, new quantity, variation_id, old quantity]`,
   * `['order-classic' | 'order-store-api', order_id]` (the scenario's `order` placed by that checkout).
   */
  actions?: [string, number, number?, number?, number?][];
  /** `checkout` (the checkout page is shown, with `cart`) or `order-received`. */
  page?: 'checkout' | 'order-received';
  /** The cart's lines: `[product_id, quantity, variation_id?, attribution?]` (the attribution as the plugin keeps it). */
  cart?: [number, number, number?, Record<string, unknown>?][];
  /** The order the actions place: its lines are `[product_id, quantity, variation_id, unit price, attribution meta?]`. */
  order?: {
    id: number;
    total: number;
    currency: string;
    lines: [number, number, number, number, Record<string, unknown>?][];
  };
  /** A product's add-to-cart markup: its form's field and its AJAX button's arguments. */
  add_to_cart_markup?: number;
  /** The checkout turns the cart's lines into the order's (`woocommerce_checkout_create_order_line_item`). */
  create_order_lines?: boolean;
  /** A classic recommendations template rendered: its name, its products' ids in order and the fixture it prints. */
  template?: [string, number[], string?];
  /** A products shortcode's results for this page. */
  shortcode?: {
    type: string;
    attributes: Record<string, unknown>;
    ids: number[];
    per_page: number;
    current_page: number;
  };
  /**
   * A product block rendered: its name (default the Product Collection), attributes, HTML (a fixture of tests/fixtures,
   * as a real WooCommerce 11.0.1 rendered it) and the page's query string.
   */
  product_block?: { name?: string; html: string; attrs: Record<string, unknown>; get?: Record<string, string> };
  /** `$_REQUEST`: the fields of a form posted to the page. */
  request?: Record<string, string>;
  /** WooCommerce's session values before the request (the result's `session` is them after it). */
  session?: Record<string, unknown>;
  /** Action Scheduler's failed actions, by id: their args. */
  failed_actions?: Record<number, unknown>;
  /** The plugin's activation hook runs. */
  activate?: boolean;
  /** The logged-in customer's orders (`wc_get_customer_order_count`). */
  order_count?: number;
  /** The shopper's request headers as `$_SERVER` holds them (default: a desktop browser's User-Agent). */
  server?: Record<string, string>;
  /** A server that cannot end the response before the plugin's call (mod_php). */
  no_fpm?: boolean;
  /** Action Scheduler running the plugin's retry: `[events, { attempt, first }]`. */
  retry?: [unknown[], { attempt: number; first: number }];
  /** A product id: the `shopbeacon_price` field the plugin adds to its REST answer. */
  rest_price?: number;
  /** A user id WordPress logs in before the page's headers; or the user logs out. */
  login?: number;
  logout?: boolean;
  /** The request is HTTPS. */
  ssl?: boolean;
  /** How many of the plugin's retries wait in Action Scheduler. */
  pending_actions?: number;
  /** The main query of a listing: a product category or tag (its term), the shop page or product search results. */
  listing?: {
    type: 'product_cat' | 'product_tag' | 'shop' | 'search';
    term_id?: number;
    name?: string;
    posts: number[];
    paged?: number;
    per_page?: number;
    found?: number;
    post_type?: string;
    query?: string;
  };
  /** A Product Collection block rendered before wp_head, inheriting the main query or with its own. */
  block?: 'inherit' | 'own';
  /**
   * The WP Consent API plugin is active (integrations/woocommerce/tests/wp-consent-api.php), with the consent type the
   * shop's banner gives it (`optin`, `optout`, or '' for none); the shopper's choice is in `cookies`.
   */
  consent_api?: { consent_type: string };
  /**
   * Polylang is active: its default language and translation groups as it stores them (serialized
   * maps of language to post or term id), as in integrations/woocommerce/tests/fixtures/polylang-3.7.3-translations.json.
   */
  polylang?: { default_lang: string; post_translations: string[]; term_translations: string[] };
  /** WPML is active: its default language and translation groups (language => post or term id). */
  wpml?: { default: string; groups: Record<string, number>[] };
  /** Product ids: the `shopbeacon_product_id` field the plugin adds to their REST answers. */
  rest_product_ids?: number[];
  /** The product ids of an order's lines: its REST answer's `line_items` as the plugin leaves them. */
  rest_order_lines?: number[];
}

/** A cookie the plugin set through wc_setcookie, with the options it would go out with. */
export interface CookieSet {
  name: string;
  value: string;
  options: { expires: number; secure: boolean; path: string; domain: string; httponly: boolean; samesite?: string };
}

/** What the plugin handed to Action Scheduler. */
export interface ScheduledAction {
  in: number;
  hook: string;
  args: [Record<string, unknown>[], { attempt: number; first: number }];
  group: string;
}

export interface PluginRequest {
  head: string;
  /** The scenario's Product Collection block as the plugin's filter left it. */
  block: string | null;
  footer: string;
  settings: Record<string, string>;
  log: { level: string; message: string; source: string }[];
  actions: ScheduledAction[];
  /** Milliseconds from the page being done to the response's end (null: never ended early). */
  response_ended_ms: number | null;
  rest_price: number | null;
  /** `rest_product_ids`' REST field, by product id. */
  rest_product_ids: Record<string, number | null>;
  /** `rest_order_lines`' lines, with the field the plugin adds. */
  rest_order_lines: Record<string, unknown>[] | null;
  /** Transients the plugin set, with their lifetimes in seconds. */
  transients: Record<string, number>;
  /** The WooCommerce features the plugin declared itself compatible with (or not). */
  features: Record<string, { file: string; compatible: boolean }>;
  /** WooCommerce's session values once the request is over. */
  session: Record<string, unknown>;
  /** Action Scheduler's failed actions the plugin deleted (queued again), and its queries. */
  deleted_actions: number[];
  action_queries: Record<string, unknown>[];
  /** The plugin version that last looked for failed retries (its option), once the request is over. */
  rescued_for: string | null;
  cookies_set: CookieSet[];
  /** What the plugin asked the WP Consent API: `[category, requested_by]` per `wp_has_consent` call. */
  consent_asked: [string, string | null][];
  /** Whether the WP Consent API counts the plugin as registered with it (null: the API is not active). */
  consent_api_registered: boolean | null;
  /** The cart's lines once the request is over, by key. */
  cart_contents: Record<string, Record<string, unknown>>;
  /** Each order line's meta the plugin added, for `create_order_lines`. */
  order_line_meta: Record<string, unknown>[];
  /** The recommendations as the plugin left their HTML. */
  recommendations: string;
  /** The `add_to_cart_markup` product's form field as printed, and its button's arguments. */
  add_to_cart_markup: { form: string; button: { attributes: Record<string, unknown> } } | null;
  stderr: string;
}

/**
 * One WordPress request with the plugin (integrations/woocommerce/tests/run-scenario.php) as a
 * real PHP process, spawned asynchronously so this process's relay can answer its cart events.
 */
export function runPluginRequest(scenario: PluginScenario): Promise<PluginRequest> {
  const child = spawn('php', [join(PLUGIN_DIR, 'tests', 'run-scenario.php'), JSON.stringify(scenario)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('close', (code) =>
      code === 0
        ? resolve({ ...(JSON.parse(stdout) as Omit<PluginRequest, 'stderr'>), stderr })
        : reject(new Error(`php exited with ${code}: ${stderr}${stdout}`)),
    ),
  );
}

/** The plugin's settings option with the relay at `url` and the admin key. */
export const pluginSettings = (
  url: string,
  adminKey: string,
  extra: Record<string, unknown> = {},
  plugin: Record<string, string> = {},
) => ({
  woocommerce_shopbeacon_settings: { public_path: '/sb/', local_url: url, admin_key: adminKey, ...plugin },
  ...extra,
});

/** The suite's skip when PHP is missing (under CI=true a skipped suite is a failure). */
export const skip = unmetRequirement('the WooCommerce plugin suite', phpUnavailable());

/** A visitor the snippet has ids for: `_sb_uid` and a session as snippets before the relay's sessions wrote it. */
export const ANONYMOUS = { _sb_uid: 'v1sitor-abcdefghij', _sb_sid: 'sess-0123456789.1764000000000.1764000000000' };

/** The events the mock service got, as records. */
export const events = (h: Harness) => h.mock.records('events') as Record<string, unknown>[];
