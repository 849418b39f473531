import type { RelayConfig } from '../config/relay-config.js';
import type { SettingRow } from '../config/setting.js';
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
  /**
   * Puts this relay's webhooks right where the platform gave up on them (WooCommerce disables them,
   * Shopify deletes them); how many it repaired. `owned` keeps the webhooks the relay has seen as
   * its own, so only those are ever made again, never a second set beside ones made by hand.
   */
  repairWebhooks?(owned: OwnedWebhooks): Promise<number>;
  /** What the last sweep should say once (a version the platform did not serve, fields it withheld), then forgotten. */
  notes?(): string[];
  /**
   * Why webhooks are not put right when the platform has them but this API cannot (Shopify without
   * `SHOPBEACON_PUBLIC_URL`).
   */
  webhookRepairOff?: string;
}

/**
 * The webhooks a relay has seen as its own on a platform (topic and address → the platform's id),
 * kept across restarts.
 */
export interface OwnedWebhooks {
  recall(): Promise<Map<string, string>>;
  remember(webhooks: ReadonlyMap<string, string>): Promise<void>;
}

/**
 * One of a platform's rows in the relay's settings (variable, relay flag, parser). `api` marks what
 * its API needs, all of it or the API is off, with the flag `backfill` and `connect` take for it
 * when it is not a secret (`--url`, `--shop`): secrets are read from the environment only there.
 */
export interface PlatformSetting<Key extends string = keyof RelayConfig & string> extends SettingRow<Key> {
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
  /**
   * Its webhooks, when the platform has them, the setting holding their secret, and the shop they
   * must come from (from the settings: `shopOf`, compared with the platform's `shopHeader`).
   */
  webhook?: {
    platform: Platform;
    secret: keyof RelayConfig;
    shopOf?: (config: Partial<Record<keyof RelayConfig, unknown>>) => string | undefined;
  };
  /** Its rows in the relay's settings (`<name>-config.ts`, which also declares their `RelayConfig` fields). */
  settings: readonly PlatformSetting[];
  /**
   * The sets of settings that each open its API, when there is more than one way in (Shopify: a
   * client id with its secret, or a legacy admin token). @default every `api` setting, together
   */
  apiGroups?: readonly (readonly (keyof RelayConfig)[])[];
  /** Rules between its settings and the relay's, each broken one a sentence naming the variables. */
  problems?(config: Record<string, unknown>): string[];
  /** The storefront's address for product links, from the API settings (Shopify's `<shop>/products/<handle>`). */
  shopUrl?(values: ApiContext['values']): string;
  openApi(context: ApiContext): PlatformApi;
  /** Answers of its API that trying again will not mend (`PlatformClientOptions.permanentFailure`). */
  permanentFailure?: PlatformClientOptions['permanentFailure'];
  /** `shopbeacon connect <name>`: checks the key and sets up what the relay needs on the platform. */
  connect(context: ApiContext, options: ConnectOptions): Promise<ConnectReport>;
  /** For the doctor: which part of the platform the relay reads, when the platform may hold several shops. */
  scope?(context: ApiContext): Promise<ScopeReport | undefined>;
}

/** What the doctor says of the relay's scope on a platform: a warning when it reads less than the merchant may think. */
export interface ScopeReport {
  warning: boolean;
  detail: string;
}

/** The settings its API needs. */
export function apiSettingsOf(connector: Connector): PlatformSetting[] {
  return connector.settings.filter((setting) => setting.api);
}

/** The sets of settings that each open `connector`'s API. */
export function apiGroupsOf(connector: Connector): readonly (readonly (keyof RelayConfig)[])[] {
  return connector.apiGroups ?? [apiSettingsOf(connector).map((s) => s.key)];
}

const isSet = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The connector's settings of these keys, in their order. */
export function settingsNamed(connector: Connector, keys: readonly (keyof RelayConfig)[]): PlatformSetting[] {
  return keys
    .map((key) => connector.settings.find((s) => s.key === key))
    .filter((s): s is PlatformSetting => s !== undefined);
}

/**
 * The connector's settings found in `values` when one of its API groups is complete (its other
 * settings that are set come along: a version, a secret), or undefined when none is.
 */
export function apiValues(
  connector: Connector,
  values: Partial<Record<keyof RelayConfig, unknown>>,
): ApiContext['values'] | undefined {
  if (!apiGroupsOf(connector).some((group) => group.every((key) => isSet(values[key])))) return undefined;
  const found: ApiContext['values'] = {};
  for (const setting of connector.settings) {
    const value = values[setting.key];
    if (isSet(value)) found[setting.key] = value;
  }
  return found;
}

/**
 * With some of its API settings set and no group complete: what each way in still lacks, one list
 * per way, in the connector's order (empty when the API is off or open).
 */
export function apiSettingsMissing(
  connector: Connector,
  values: Partial<Record<keyof RelayConfig, unknown>>,
): PlatformSetting[][] {
  if (!apiSettingsOf(connector).some((s) => isSet(values[s.key]))) return [];
  const groups = apiGroupsOf(connector).map((group) => group.filter((key) => !isSet(values[key])));
  if (groups.some((missing) => missing.length === 0)) return [];
  return groups.map((missing) => settingsNamed(connector, missing));
}

/** The catalog's settings as the relay set them: what the webhooks and the syncs of `connector` map products with. */
export interface CatalogSource {
  shopCurrency: string | undefined;
  shopUrl: string | undefined;
}

/**
 * The catalog's settings for `connector`: the currency set (empty: the sync asks the shop), the
 * storefront set, else the one its API settings give (Shopify's `<shop>/products/<handle>`).
 */
export function catalogSettingsFor(
  connector: Connector,
  source: CatalogSource,
  values: ApiContext['values'] | undefined,
): CatalogSettings {
  const shopUrl = source.shopUrl ?? (values ? connector.shopUrl?.(values) : undefined);
  return { currency: source.shopCurrency ?? '', ...(shopUrl ? { shopUrl } : {}) };
}

/** The HTTP client of `connector`'s API: its name in messages, its own permanent failures. */
export function platformClientFor(connector: Connector): PlatformClient {
  return new PlatformClient({
    platform: connector.label,
    ...(connector.permanentFailure ? { permanentFailure: connector.permanentFailure } : {}),
  });
}
