import type { CatalogSettings } from './mapping.js';
import type { PlatformApi } from './connector.js';
import { PlatformApiError } from './platform-api-error.js';

/** A currency code as platforms store it (`EUR`, `eur`). */
const CURRENCY_CODE = /^[A-Za-z]{3}$/;

/**
 * The catalog's currency, asked of the shop once when `SHOPBEACON_SHOP_CURRENCY` is not set:
 * product payloads carry none, and a relay given only API keys should still send products.
 * A shop that cannot tell it is a failure naming the variable that fixes it.
 */
export async function fillShopCurrency(
  catalog: CatalogSettings,
  api: Pick<PlatformApi, 'shopCurrency'>,
  label: string,
): Promise<void> {
  if (catalog.currency || !api.shopCurrency) return;
  let code: string | undefined;
  try {
    code = await api.shopCurrency();
  } catch (error) {
    // The platform refused or could not be reached: that is the fix to name, not the currency.
    if (error instanceof PlatformApiError) throw error;
    throw new Error(
      `the shop's currency could not be read from ${label} (${(error as Error).message}); set SHOPBEACON_SHOP_CURRENCY`,
    );
  }
  if (!code || !CURRENCY_CODE.test(code))
    throw new Error(
      `${label} did not tell the shop's currency (got ${JSON.stringify(code ?? null)}); set SHOPBEACON_SHOP_CURRENCY`,
    );
  catalog.currency = code.toUpperCase();
}
