import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { platformClientFor, type ApiContext, type OwnedWebhooks } from '../../../../relay/platforms/connector.js';
import { WOOCOMMERCE_CONNECTOR } from '../../../../relay/platforms/woocommerce/woocommerce-connector.js';
import { RecordedShop } from '../../../helpers/recorded-shop.js';
import {
  WOO_KEY,
  WOO_SECRET,
  wooCommerceStandIn,
  wooOrders,
  wooProducts,
} from '../../../connectors/woocommerce/standin.js';
import type { WooWebhookRow } from '../../../connectors/woocommerce/webhooks-standin.js';

/** A real WooCommerce's answers as recorded (11.0.1 behind https://127.0.0.1:8443), replayed on loopback. */
async function recorded(t: TestContext, file: string) {
  const shop = await new RecordedShop(
    new URL(`../../../connectors/woocommerce/fixtures/recorded/${file}`, import.meta.url).pathname,
  ).start();
  t.after(() => shop.close());
  return shop;
}

/** What the relay opens the connector's API with: the settings by key, the catalog, its own client. */
const contextOf = (url: string, publicUrl?: string, currency = 'EUR'): ApiContext => ({
  values: { woocommerceUrl: url, woocommerceConsumerKey: WOO_KEY, woocommerceConsumerSecret: WOO_SECRET },
  catalog: { currency },
  client: platformClientFor(WOOCOMMERCE_CONNECTOR),
  ...(publicUrl ? { publicUrl } : {}),
});

/** WooCommerce keeps its webhooks itself: nothing is remembered for it. */
const nothingOwned: OwnedWebhooks = { recall: async () => new Map(), remember: async () => undefined };

describe('WOOCOMMERCE_CONNECTOR', () => {
  it("reads a real shop's currency and pages its products into records in the catalog's currency", async (t) => {
    const shop = await recorded(t, 'backfill-wc11.json');
    const api = WOOCOMMERCE_CONNECTOR.openApi(contextOf(shop.url, undefined, 'SEK'));
    assert.equal(await api.shopCurrency?.(), 'EUR');
    const mapped = [];
    for await (const { payload } of api.changed('product', 0)) mapped.push(api.map('product', payload));
    assert.deepEqual(shop.unmatched, [], 'only what the real shop was asked');
    const records = mapped.flatMap((m) => ('body' in m ? [m.body] : []));
    assert.equal(mapped.length, 18);
    assert.equal(records.length, 17, 'all but the draft');
    assert.ok(records.every((body) => body['currency'] === 'SEK'));
  });

  it("stops with a real shop's words for a consumer secret it does not take", async (t) => {
    const shop = await recorded(t, 'backfill-wrong-secret.json');
    const api = WOOCOMMERCE_CONNECTOR.openApi(contextOf(shop.url));
    assert.ok(api.shopCurrency);
    await assert.rejects(api.shopCurrency(), {
      name: 'PlatformApiError',
      message: `WooCommerce refused the credentials (401 woocommerce_rest_authentication_error: Consumer secret is invalid. for ${shop.url}/wp-json/wc/v3/settings/general/woocommerce_currency): check the key or token and its permissions`,
    });
  });

  it("sets the relay's disabled webhooks active again only when it knows its public URL, and otherwise says why not", async (t) => {
    const hook: WooWebhookRow = {
      id: 4,
      name: 'shopbeacon order.updated',
      status: 'disabled',
      topic: 'order.updated',
      delivery_url: 'https://shop.example/sb/webhooks/woocommerce',
      secret: 'secret-the-relay-has',
      failures: 6,
    };
    const shop = await wooCommerceStandIn(wooOrders(1), wooProducts(), { webhooks: [hook] }).start();
    t.after(() => shop.close());
    const off = WOOCOMMERCE_CONNECTOR.openApi(contextOf(shop.url));
    assert.equal(off.repairWebhooks, undefined);
    assert.equal(
      off.webhookRepairOff,
      "SHOPBEACON_PUBLIC_URL is not set: which webhooks are this relay's is not known, so disabled ones are not re-enabled",
    );
    const on = WOOCOMMERCE_CONNECTOR.openApi(contextOf(shop.url, 'https://shop.example/sb'));
    assert.equal(on.webhookRepairOff, undefined);
    assert.equal(await on.repairWebhooks?.(nothingOwned), 1);
    assert.equal(hook.status, 'active');
  });
});
