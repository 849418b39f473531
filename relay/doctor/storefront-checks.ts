import { failed, ok, warning, type DoctorCheck } from './doctor-check.js';
import { fetchAnswer, fetchPage, header, type Answer } from './doctor-http.js';

const HOP = 'storefront';

/** The page's script tag of the snippet, if any: its `src` ends in `shopbeacon.js`. */
const snippetTag = (html: string) => /<script\b[^>]*\bsrc=["']([^"']*shopbeacon\.js[^"']*)["'][^>]*>/i.exec(html);

/** Where a page loads the snippet from, if it does: the `src` of the script ending in `shopbeacon.js`. */
export function snippetSrc(html: string, page: string): string | undefined {
  const src = snippetTag(html)?.[1];
  return src ? new URL(src.replace(/&amp;/g, '&'), page).href : undefined;
}

/**
 * A product page linked from the home page (WooCommerce's `/product/` or `?product=`, Shopify's
 * `/products/`, PrestaShop's `/<id>-<name>.html` or `id_product=`).
 */
export function productLink(html: string, site: string): string | undefined {
  const href =
    /href=["']([^"']*(?:\/product\/|\/products\/|[?&](?:amp;)?product=|id_product=|\/\d+-[\w-]*\.html)[^"']*)["']/i.exec(
      html,
    )?.[1];
  return href ? new URL(href.replace(/&amp;/g, '&'), site).href : undefined;
}

/** Links to a catalog page: WooCommerce's shop, Shopify's collections, a PrestaShop category (friendly or not). */
const CATALOG = [
  /\/shop\/?$/,
  /[?&]post_type=product(&|$)/,
  /\/collections\/[\w-]+\/?$/,
  /[?&]id_category=\d+/,
  /^(?:https?:\/\/[^/]+)?\/\d+-[\w-]+\/?$/,
];

/** A catalog page linked from a home page that lists no product (a blog's posts), to find a product page on. */
export function catalogLink(html: string, site: string): string | undefined {
  for (const [, raw] of html.matchAll(/href=["']([^"']+)["']/gi)) {
    const href = String(raw).replace(/&amp;/g, '&');
    if (CATALOG.some((pattern) => pattern.test(href))) return new URL(href, site).href;
  }
  return undefined;
}

/** A product page: the one given, else one the home page links, else one its catalog page links. */
async function productPage(home: Answer, site: string, given: string | undefined): Promise<string | undefined> {
  const linked = given ?? productLink(home.text, site);
  if (linked) return linked;
  const catalog = catalogLink(home.text, site);
  return catalog ? productLink((await fetchPage(catalog)).text, catalog) : undefined;
}

/** A page's snippet: the script tag, or the platform integration whose tag it prints. */
function pageCheck(name: string, page: string, answer: Answer, shopify: boolean): DoctorCheck {
  if (answer.status !== 200)
    return failed(
      HOP,
      name,
      `${page} answered ${answer.status || answer.text}: the doctor cannot see what shoppers get`,
    );
  if (snippetSrc(answer.text, page)) return ok(HOP, name, `${page} loads shopbeacon.js`);
  if (shopify)
    return warning(
      HOP,
      name,
      `${page} has no shopbeacon script: on Shopify the custom pixel runs in Shopify's sandbox and is not visible from outside; check Settings → Customer events shows shopbeacon "Connected"`,
    );
  return failed(
    HOP,
    name,
    `${page} has no shopbeacon script: paste the snippet into the theme, or install and enable the WooCommerce plugin or the PrestaShop module (an installed but disabled one prints nothing)`,
  );
}

/** The banner standards `auto` looks for, in its order, as a page's HTML shows them before it runs. */
const STANDARDS: [name: string, mode: string, shown: RegExp][] = [
  ['IAB TCF (__tcfapi)', 'tcf', /__tcfapi/],
  ['the WP Consent API (wp_has_consent)', 'wp', /wp-consent-api|wp_has_consent/],
  [
    "Google Consent Mode (a 'consent' command in dataLayer)",
    'gcm',
    /gtag\(\s*['"]consent['"]|['"]consent['"]\s*,\s*['"](default|update)['"]/,
  ],
];

const FOLLOWS: Record<string, string> = {
  none: 'sends without asking (data-consent="none"), unless Global Privacy Control is on',
  required: "waits for the page's own shopbeacon('consent', true) (data-consent=\"required\")",
};

/**
 * Which consent source the snippet's events follow on a page: the tag's `data-consent`, and under
 * `auto` the standard the page's HTML shows. A banner the doctor cannot see (loaded later by a tag
 * manager) is found by the snippet in the browser all the same; the line says so.
 */
export function consentCheck(html: string, page: string): DoctorCheck {
  const tag = snippetTag(html)?.[0] ?? '';
  const mode = /\bdata-consent=["']([\w-]+)["']/i.exec(tag)?.[1] ?? 'auto';
  const category = /\bdata-consent-category=["']([\w-]+)["']/i.exec(tag)?.[1] ?? 'marketing';
  const fixed = FOLLOWS[mode];
  if (fixed) return ok(HOP, 'consent', `${page}: ${fixed}`);
  const named = STANDARDS.find(([, standard]) => standard === mode);
  if (named) return ok(HOP, 'consent', `${page}: follows ${named[0]}${mode === 'wp' ? `, category ${category}` : ''}`);
  const found = STANDARDS.find(([, , shown]) => shown.test(html));
  if (found)
    return ok(HOP, 'consent', `${page}: follows ${found[0]} (data-consent auto, the first standard the page speaks)`);
  return ok(
    HOP,
    'consent',
    `${page}: no banner standard in its HTML (TCF, the WP Consent API, Consent Mode), so under data-consent auto events go without asking unless the page speaks one once loaded; where the shop needs consent, a banner that speaks none needs data-consent="required" and its own shopbeacon('consent', …) calls`,
  );
}

/** The script as a browser gets it: 200, JavaScript, cached. */
async function scriptCheck(src: string): Promise<DoctorCheck> {
  const answer = await fetchAnswer(src);
  if (answer.status !== 200)
    return failed(
      HOP,
      'script',
      `${src} answered ${answer.status || answer.text}: ${answer.status === 502 || answer.status === 504 ? "the relay behind the proxy does not answer (is it running, at the upstream's address?)" : "the proxy does not reach the relay's GET /shopbeacon.js"}`,
    );
  if (!/javascript/i.test(header(answer, 'content-type')))
    return failed(
      HOP,
      'script',
      `${src} is served as ${header(answer, 'content-type') || 'no type'}, not JavaScript: browsers will not run it`,
    );
  if (!/max-age=\d+/.test(header(answer, 'cache-control')))
    return warning(
      HOP,
      'script',
      `${src} has no Cache-Control max-age: every page view downloads it again (does the proxy strip the relay's headers?)`,
    );
  return ok(HOP, 'script', `${src}: JavaScript, ${header(answer, 'cache-control')}`);
}

/** Whether a CSP source list lets a URL through (its origin, 'self' for the site's own, a scheme, `*`). */
function allows(sources: string[], url: string, site: string): boolean {
  const { origin, protocol, host } = new URL(url);
  return sources.some(
    (s) =>
      s === '*' ||
      s === origin ||
      s === protocol ||
      s === host ||
      (s === "'self'" && origin === new URL(site).origin) ||
      (s.startsWith('*.') && host.endsWith(s.slice(1))) ||
      (s.startsWith('https://*.') && host.endsWith(s.slice(9))),
  );
}

/** The site's Content-Security-Policy, if any, lets the script load and post to /collect. */
export function cspChecks(answer: Answer, site: string, script: string, collectUrl: string): DoctorCheck[] {
  const policy = header(answer, 'content-security-policy');
  if (!policy) return [ok(HOP, 'content security policy', 'the site sends none: nothing blocks the script')];
  const directives = new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [String(name).toLowerCase(), sources]),
  );
  const sourcesOf = (name: string) => directives.get(name) ?? directives.get('default-src');
  const checks: DoctorCheck[] = [];
  for (const [directive, url, what] of [
    ['script-src', script, 'load the script'],
    ['connect-src', collectUrl, 'post events to /collect'],
  ] as const) {
    const sources = sourcesOf(directive);
    if (!sources || allows(sources, url, site))
      checks.push(ok(HOP, `CSP ${directive}`, `lets the page ${what} (${new URL(url).origin})`));
    else
      checks.push(
        failed(
          HOP,
          `CSP ${directive}`,
          `the site's Content-Security-Policy does not let the page ${what}: add ${new URL(url).origin === new URL(site).origin ? "'self'" : new URL(url).origin} to ${directive}`,
        ),
      );
  }
  return checks;
}

/**
 * The storefront as a shopper's browser gets it: the home page and a product page carry the
 * snippet, which consent source it follows, the script answers as JavaScript with caching, and
 * the site's CSP lets both through.
 */
export async function storefrontChecks(
  site: string,
  relayUrl: string,
  options: { page?: string; shopify: boolean },
): Promise<DoctorCheck[]> {
  const home = await fetchPage(site);
  const checks = [pageCheck('home page', site, home, options.shopify)];
  if (snippetSrc(home.text, site)) checks.push(consentCheck(home.text, site));
  const page = await productPage(home, site, options.page);
  if (page) checks.push(pageCheck('product page', page, await fetchPage(page), options.shopify));
  else
    checks.push(
      warning(
        HOP,
        'product page',
        'no product page linked from the home page or its catalog page: give one with --page',
      ),
    );
  const script = snippetSrc(home.text, site) ?? `${relayUrl}/shopbeacon.js`;
  checks.push(await scriptCheck(script));
  if (home.status === 200) checks.push(...cspChecks(home, site, script, `${relayUrl}/collect`));
  return checks;
}
