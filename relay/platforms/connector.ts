import type { RelayConfig } from '../config/relay-config.js';
import type { Setting } from '../config/settings.js';
import type { ConnectOptions, ConnectReport } from './connect-report.js';
import type { CatalogSettings, Mapping } from './mapping.js';
import type { Platform, PlatformName } from './platform.js';
import { PlatformClient, type PlatformClientOptions } from './platform-client.js';

export type { PlatformName } from './platform.js';

/** Orders and products, the records a platform's API and webhooks carry. */
export type PlatformKind = 'order' | 'product';

/** One payload of a platform's API and when it last changed (epoch ms, UTC). */
export interface ChangedPayload {
  payload: unknown;
  changedAt: number;
}

/** A platform's API, opened with its settings: what the sync sweeps and `backfill` pages. */
export interface PlatformApi {
  /** Each record of `kind` changed at or after `since` (epoch ms), oldest change first. */
  changed(kind: PlatformKind, since: number): AsyncIterable<ChangedPayload>;
  /**
   * The history, where the platform has a faster way than paging (Shopify's bulk operation), in any
   * order: the sweep moves its cursor only once all of it is in the outbox.
   */
  history?(kind: PlatformKind, since: number): AsyncIterable<ChangedPayload>;
  /** The same mapping as the platform's webhooks. */
  map(kind: PlatformKind, payload: unknown): Mapping;
  /** The shop's currency as the platform stores it, for products when `SHOPBEACON_SHOP_CURRENCY` is unset. */
  shopCurrency?(): Promise<string | undefined>;
  /** Puts this relay's webhooks right where the platform gave up on them (WooCommerce disables them); how many it repaired. */
  repairWebhooks?(): Promise<number>;
  /** Why webhooks are not put right when the platform has them but this API cannot (Shopify without `SHOPBEACON_PUBLIC_URL`). */
  webhookRepairOff?: string;
}

/**
 * One of a platform's rows in the relay's settings (variable, relay flag, parser). `api` marks what
 * its API needs, all of it or the API is off, with the flag `backfill` and `connect` take for it
 * when it is not a secret (`--url`, `--shop`): secrets are read from the environment only there.
 */
export interface PlatformSetting extends Setting {
  api?: { flag?: string; help?: string };
}

/** What `openApi` is given: the API settings by key, the catalog's settings, and the HTTP client. */
export interface ApiContext {
  values: Partial<Record<keyof RelayConfig, string>>;
  catalog: CatalogSettings;
  client: PlatformClient;
  /** The relay as the platform reaches it (`SHOPBEACON_PUBLIC_URL`), for webhooks to recreate. */
  publicUrl?: string;
}

/**
 * Everything shopbeacon knows of one shop platform (Airbyte's connector: spec, streams, cursor).
 * The registry (`connectors.ts`) lists them; the relay's routes, its sync, `/stats` and the CLI's
 * `backfill` learn the platforms from it.
 */
export interface Connector {
  name: PlatformName;
  /** As people write it: "WooCommerce". */
  label: string;
  /** Its webhooks, when the platform has them, and the setting holding their secret. */
  webhook?: { platform: Platform; secret: keyof RelayConfig };
  /** Its rows in the relay's settings (`<name>-config.ts`, which also declares their `RelayConfig` fields). */
  settings: PlatformSetting[];
  /** Rules between its settings and the relay's, each broken one a sentence naming the variables. */
  problems?(config: Record<string, unknown>): string[];
  /** The storefront's address for product links, from the API settings (Shopify's `<shop>/products/<handle>`). */
  shopUrl?(values: ApiContext['values']): string;
  openApi(context: ApiContext): PlatformApi;
  /** Answers of its API that trying again will not mend (`PlatformClientOptions.permanentFailure`). */
  permanentFailure?: PlatformClientOptions['permanentFailure'];
  /** `shopbeacon connect <name>`: checks the key and sets up what the relay needs on the platform. */
  connect(context: ApiContext, options: ConnectOptions): Promise<ConnectReport>;
}

/** The settings its API needs. */
export function apiSettingsOf(connector: Connector): PlatformSetting[] {
  return connector.settings.filter((setting) => setting.api);
}

/** The API settings of `connector` found in `values`, or undefined when any is missing. */
export function apiValues(connector: Connector, values: Partial<Record<keyof RelayConfig, unknown>>): ApiContext['values'] | undefined {
  const found: ApiContext['values'] = {};
  for (const setting of apiSettingsOf(connector)) {
    const value = values[setting.key];
    if (typeof value !== 'string' || value === '') return undefined;
    found[setting.key] = value;
  }
  return found;
}

/** The HTTP client of `connector`'s API: its name in messages, its own permanent failures. */
export function platformClientFor(connector: Connector): PlatformClient {
  return new PlatformClient({ platform: connector.label, ...(connector.permanentFailure ? { permanentFailure: connector.permanentFailure } : {}) });
}
