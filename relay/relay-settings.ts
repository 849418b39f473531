import { parseSettings, rawSettingsFromEnv, requiredTogether, type SettingsRule } from './config/parse-relay-config.js';
import type { RelayConfig } from './config/relay-config.js';
import { SETTINGS, type Setting } from './config/settings.js';
import { apiSettingsMissing, apiSettingsOf, type Connector } from './platforms/connector.js';
import { CONNECTORS } from './platforms/connectors.js';

// The registry, for the declaration files too: a package user's RelayConfig has every connector's fields.
export { CONNECTORS };

/** Every setting of the relay: its own, then each connector's, in `CONNECTORS`' order. */
export const RELAY_SETTINGS: readonly Setting[] = [
  ...SETTINGS,
  ...CONNECTORS.flatMap((connector) => connector.settings),
];

const named = (settings: readonly Setting[]) => settings.map((s) => `${s.env} (${s.flag})`).join(' and ');
const plural = (n: number) => (n > 1 ? 'are' : 'is');

/** A platform API half configured names what is missing (without `SHOPBEACON_SHOP_CURRENCY` the sync asks the shop). */
function apiProblems(connector: Connector, config: Record<string, unknown>): string[] {
  const ways = apiSettingsMissing(connector, config);
  if (ways.length === 0) return [];
  const set = apiSettingsOf(connector).filter((s) => config[s.key] !== undefined);
  const missing = ways.map(named).join(', or ');
  return [
    `${missing} ${plural(ways.length > 1 ? 1 : (ways[0]?.length ?? 1))} required when ${set.map((s) => s.env).join(' and ')} ${plural(set.length)} set${ways.length > 1 ? ' (one way in or the other)' : ''}`,
  ];
}

/** Product webhooks carry no currency: with any webhook secret set, the catalog's currency is required. */
const webhookCurrency: SettingsRule = (config) => {
  const secrets = CONNECTORS.flatMap((c) =>
    c.webhook && config[c.webhook.secret] ? RELAY_SETTINGS.filter((s) => s.key === c.webhook?.secret) : [],
  );
  if (secrets.length === 0 || config['shopCurrency']) return [];
  return [
    `SHOPBEACON_SHOP_CURRENCY (--shop-currency) is required when ${secrets.map((s) => s.env).join(' or ')} is set: product webhooks carry no currency`,
  ];
};

const platformRules: SettingsRule = (config) =>
  [
    webhookCurrency(config),
    ...CONNECTORS.map((c) => [...apiProblems(c, config), ...(c.problems?.(config) ?? [])]),
  ].flat();

/**
 * Validates raw settings (strings, as from the environment or flags, keyed like `RelayConfig`)
 * all at once, so every problem is reported at start, each naming its variable and flag.
 */
export function parseRelayConfig(raw: Partial<Record<keyof RelayConfig, string | undefined>>): Readonly<RelayConfig> {
  return parseSettings(raw, RELAY_SETTINGS, [requiredTogether, platformRules]);
}

/** Raw settings from the environment alone (for embedding the relay without the CLI). */
export function rawConfigFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<Record<keyof RelayConfig, string>> {
  return rawSettingsFromEnv(RELAY_SETTINGS, env);
}
