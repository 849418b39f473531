import { request } from 'undici';
import { fields, textOf } from '../mapping.js';
import { PlatformApiError } from '../platform-api-error.js';

/** How a Dev Dashboard app proves itself: its client id and secret, exchanged for a token that expires. */
export interface ShopifyClientCredentials {
  /** The store's base URL (`https://x.myshopify.com`). */
  origin: string;
  clientId: string;
  clientSecret: string;
}

/** Where the relay's Admin API token comes from: a fixed one (apps made before 2026) or minted on demand. */
export interface ShopifyAccessToken {
  /** The token to send now, minted or renewed when due. */
  current(): Promise<string>;
  /**
   * The API refused the token it was given: the next `current()` mints a fresh one (false when
   * nothing can be renewed).
   */
  refused(token: string): boolean;
}

/** A legacy custom app's token: the same for ever, nothing to renew. */
export function fixedToken(token: string): ShopifyAccessToken {
  return { current: async () => token, refused: () => false };
}

/**
 * Renewed this long before `expires_in` runs out (or a tenth of a shorter life), so a query started
 * near the end never carries a dead token.
 */
const RENEW_BEFORE_MS = 5 * 60_000;

interface Minted {
  token: string;
  /** When it is renewed (epoch ms): before it expires. */
  renewAt: number;
}

/**
 * The client credentials grant (`POST /admin/oauth/access_token`, `grant_type=client_credentials`,
 * form-encoded as Shopify's docs show): the token lives in memory only, is renewed
 * `RENEW_BEFORE_MS` before its `expires_in` (86,399 s) ends, and once more when the API
 * answers 401. Calls waiting for a token share one grant. Each relay mints its own: a token is
 * never stored, so nothing on disk or in Redis holds it.
 */
export class ClientCredentialsToken implements ShopifyAccessToken {
  private minted: Minted | undefined;
  private minting: Promise<Minted> | undefined;

  constructor(
    private readonly credentials: ShopifyClientCredentials,
    private readonly now: () => number = Date.now,
  ) {}

  async current(): Promise<string> {
    if (this.minted && this.now() < this.minted.renewAt) return this.minted.token;
    this.minting ??= this.mint().finally(() => (this.minting = undefined));
    this.minted = await this.minting;
    return this.minted.token;
  }

  refused(token: string): boolean {
    if (this.minted?.token === token) this.minted = undefined;
    return true;
  }

  private async mint(): Promise<Minted> {
    const { origin, clientId, clientSecret } = this.credentials;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    });
    const response = await request(`${origin}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    }).catch((error: unknown) => {
      throw new PlatformApiError(
        `Shopify's token grant could not be reached at ${origin}: ${(error as Error).message}`,
      );
    });
    const text = await response.body.text();
    const body = parsed(text);
    // Shopify's OAuth errors come as JSON (`{"error":"app_not_installed",…}`) or as plain text
    // (`Oauth error shop_not_permitted: …`).
    if (Object.keys(body).length === 0 && text.trim()) body['error_description'] = text.trim().slice(0, 200);
    const token = body['access_token'];
    if (response.statusCode === 200 && typeof token === 'string' && token !== '') {
      const lifeMs = expiresInMs(body['expires_in']);
      return { token, renewAt: this.now() + lifeMs - Math.min(RENEW_BEFORE_MS, lifeMs / 10) };
    }
    throw new PlatformApiError(
      grantRefusal(response.statusCode, body, origin),
      response.statusCode >= 500 ? undefined : 401,
    );
  }
}

function parsed(text: string): Record<string, unknown> {
  try {
    return fields(JSON.parse(text));
  } catch {
    return {};
  }
}

/** `expires_in` in seconds; a grant without one is taken to last the documented 24 hours. */
function expiresInMs(value: unknown): number {
  const seconds = Number(value);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 86_400) * 1000;
}

/** One line naming what to check, from the grant's OAuth error code; never the secret. */
export function grantRefusal(status: number, body: Record<string, unknown>, shop: string): string {
  const said = textOf(body['error_description'] ?? body['errors'] ?? '');
  const code = textOf(body['error'] ?? /Oauth error (\w+)/.exec(said)?.[1] ?? '');
  const answer = [status, code, said].filter((part) => part !== '').join(' ');
  if (status >= 500) return `Shopify's token grant failed (${answer}): it is asked again at the next sweep`;
  if (code === 'app_not_installed')
    return `Shopify refused the token grant (${answer}): install the app on ${shop} (Dev Dashboard › the app › Install app); the next sweep asks again`;
  if (code === 'shop_not_permitted')
    return `Shopify refused the token grant (${answer}): the client credentials grant works only for an app of the store's own organization; use an app made in this store's Dev Dashboard`;
  if (code === 'invalid_client' || status === 401)
    return `Shopify refused the client credentials (${answer}): check SHOPBEACON_SHOPIFY_CLIENT_ID and that SHOPBEACON_SHOPIFY_SECRET's first value is the app's client secret (Dev Dashboard › the app › Settings)`;
  return `Shopify refused the token grant for ${shop} (${answer}): check SHOPBEACON_SHOPIFY_SHOP, SHOPBEACON_SHOPIFY_CLIENT_ID and the client secret, and that the app is installed`;
}
