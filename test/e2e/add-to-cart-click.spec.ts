import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';

// The plugin's and the module's scripts that put the snippet's click in an add to cart, in Chromium,
// on the forms a real WooCommerce 11.0.1 and a real PrestaShop 9.0.0 rendered
// (integrations/*/tests/fixtures): the form as the shopper posts it carries `shopbeacon_click`.

/** A PHP class constant: the script as the plugin or the module prints it. */
function printed(guard: string, file: string, constant: string): string | undefined {
  try {
    return execFileSync('php', ['-r', `${guard} require '${file}'; echo ${constant};`], { encoding: 'utf8' });
  } catch {
    return undefined;
  }
}
const WOOCOMMERCE = printed(
  "define('ABSPATH', '/'); require 'integrations/woocommerce/shopbeacon/includes/class-shopbeacon-listing-events.php';",
  'integrations/woocommerce/shopbeacon/includes/class-shopbeacon-attribution.php',
  'Shopbeacon_Attribution::SCRIPT',
);
const PRESTASHOP = printed(
  "define('_PS_VERSION_', '9.0.0');",
  'integrations/prestashop/shopbeacon/classes/ShopbeaconAttribution.php',
  'ShopbeaconAttribution::SCRIPT',
);
const CLICK = { list_id: 'related-12', position: 3 };
const SHOP_PAGE = 'http://shop.test/';

/**
 * The page with a snippet that knows `product`'s click and the shop's script; no request leaves the
 * browser: the form's post is caught and answered, and its body returned.
 */
async function posted(page: Page, html: string, script: string, product: number, click: () => Promise<void>) {
  let body = '';
  await page.route('**/*', (route) => {
    const request = route.request();
    if (request.method() === 'POST') {
      body = request.postData() ?? '';
      return route.fulfill({ body: 'added' });
    }
    return request.url() === SHOP_PAGE ? route.fulfill({ body: html, contentType: 'text/html' }) : route.abort();
  });
  await page.addInitScript(
    ({ product, clicked }) => {
      (window as unknown as { shopbeacon: unknown }).shopbeacon = (command: string, id: number) =>
        command === 'clickOf' && id === product ? clicked : undefined;
    },
    { product, clicked: CLICK },
  );
  await page.addInitScript(script);
  await page.goto(SHOP_PAGE);
  await click();
  await expect.poll(() => body).not.toBe('');
  return body;
}

test.describe("the shop's add-to-cart scripts on real shops' forms, in Chromium", () => {
  test.skip(WOOCOMMERCE === undefined || PRESTASHOP === undefined, 'php is not installed');

  test("WooCommerce's product form posts the click of its product, and an empty field for a product never clicked", async ({
    page,
  }) => {
    const form = readFileSync('integrations/woocommerce/tests/fixtures/product-form-mug.html', 'utf8');
    const body = await posted(page, form, WOOCOMMERCE!, 18, () => page.click('button[name=add-to-cart]'));
    expect(body).toMatch(/name="add-to-cart"\r\n\r\n18\r\n/);
    expect(body).toContain(`name="shopbeacon_click"\r\n\r\n${JSON.stringify(CLICK)}\r\n`);
    const another = await page.context().newPage();
    const other = await posted(another, form.replace('value="18"', 'value="19"'), WOOCOMMERCE!, 18, () =>
      another.click('button[name=add-to-cart]'),
    );
    expect(other).toContain('name="shopbeacon_click"\r\n\r\n\r\n');
    // A translated page's form: its own post (154) for the add, the default language's (18) for the click.
    const translated = await page.context().newPage();
    const german = form
      .replace('value="18"', 'value="154"')
      .replace('<button', '<input type="hidden" name="shopbeacon_click" value="" data-product="18"><button');
    const posted154 = await posted(translated, german, WOOCOMMERCE!, 18, () =>
      translated.click('button[name=add-to-cart]'),
    );
    expect(posted154).toContain(`name="shopbeacon_click"\r\n\r\n${JSON.stringify(CLICK)}\r\n`);
    expect(posted154).toMatch(/name="add-to-cart"\r\n\r\n154\r\n/);
  });

  test("PrestaShop's product form, as the theme's add-to-cart button is clicked, carries the click of its product", async ({
    page,
  }) => {
    const html = readFileSync('integrations/prestashop/tests/fixtures/product-9-9.0.0.html', 'utf8');
    const body = await posted(page, html, PRESTASHOP!, 9, () => page.click('[data-button-action=add-to-cart]'));
    const fields = new URLSearchParams(body);
    expect(fields.get('id_product')).toBe('9');
    expect(JSON.parse(fields.get('shopbeacon_click') ?? 'null')).toEqual(CLICK);
  });

  test("WooCommerce's AJAX button of a listed product is a click in the listing whose element follows it: the add names that listing", async ({
    page,
  }) => {
    const crossSells = readFileSync('integrations/woocommerce/tests/fixtures/cross-sells-classic-cart.html', 'utf8');
    const listing = (list_id: string, ids: number[]) =>
      `<script type="application/json" class="shopbeacon-list">${JSON.stringify({
        list_id,
        products: ids.map((product_id, i) => ({ product_id, position: i + 1 })),
      })}</script>`;
    // A listing before the buttons is another's; the cross-sells' element follows them, as the plugin prints it.
    const html = `${listing('category-3', [22])}${crossSells}${listing('cross-sell-cart', [14, 22])}`;
    await page.route('**/*', (route) =>
      route.request().url() === SHOP_PAGE ? route.fulfill({ body: html, contentType: 'text/html' }) : route.abort(),
    );
    await page.addInitScript(() => {
      const clicks: Record<string, unknown> = {};
      const w = window as unknown as Record<string, unknown>;
      w['shopbeacon'] = (command: string, a: { product_id: number; list_id: string; position: number }) =>
        command === 'click'
          ? (clicks[a.product_id] = { list_id: a.list_id, position: a.position })
          : command === 'clickOf'
            ? clicks[a as unknown as number]
            : undefined;
      // WooCommerce's jQuery as far as the script uses it: the handler of `adding_to_cart` on the body.
      w['jQuery'] = () => ({ on: (_name: string, handler: unknown) => (w['addingToCart'] = handler) });
    });
    await page.addInitScript(WOOCOMMERCE!);
    await page.goto(SHOP_PAGE);
    const added = await page.evaluate(() => {
      const adding = (window as unknown as { addingToCart: (e: unknown, b: unknown, d: unknown) => void }).addingToCart;
      const data = (id: string) => {
        const button = document.querySelector(`[data-product_id="${id}"]`);
        const sent: Record<string, unknown> = { product_id: id };
        adding({}, [button], sent);
        return sent['shopbeacon_click'];
      };
      return [data('22'), data('14')];
    });
    expect(added.map((click) => JSON.parse(String(click)))).toEqual([
      { list_id: 'cross-sell-cart', position: 2 },
      { list_id: 'cross-sell-cart', position: 1 },
    ]);
  });
});
