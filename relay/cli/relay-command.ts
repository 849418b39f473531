import { randomBytes } from 'node:crypto';
import { Command, Option } from 'commander';
import { ConfigError } from '../config/config-error.js';
import type { RelayConfig } from '../config/relay-config.js';
import type { Setting } from '../config/settings.js';
import { parseRelayConfig, RELAY_SETTINGS } from '../relay-settings.js';
import { unknownVariables } from '../config/unknown-variables.js';
import { createRelay, type Relay } from '../create-relay.js';
import { OutboxOpenError } from '../outbox/outbox-errors.js';
import { createMockUpstream, type MockUpstream } from '../mock-upstream/create-mock-upstream.js';
import { onShutdown, SHUTDOWN_CLOSE_MS } from './on-shutdown.js';
import { listen, stopListening } from '../http/listen.js';
import { checkKeyspaceVersion } from '../redis/keyspace-version.js';

const DEMO_TOKEN = 'dev-token';

/** Commander's name of a flag's value: `--base-url` → `baseUrl`. */
const optionName = (flag: string) => flag.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function flagValue(flags: Record<string, unknown>, flag: string): string | undefined {
  const value = flags[optionName(flag)];
  return value === undefined ? undefined : String(value);
}

/**
 * Demo mode: no service configured, so an embedded mock stands in for it, loudly; the config the
 * relay runs with then.
 */
async function startDemoUpstream(
  parsed: Readonly<RelayConfig>,
): Promise<{ mock: MockUpstream; config: Readonly<RelayConfig> }> {
  const mock = await createMockUpstream({ token: DEMO_TOKEN, host: '127.0.0.1' });
  // The demo shop's backend posts orders to the mirror with the admin key; a key given by the user is kept.
  const adminKey = parsed.adminKey ?? randomBytes(24).toString('base64url');
  const config = Object.freeze({ ...parsed, baseUrl: mock.url, token: DEMO_TOKEN, demo: true, adminKey });
  process.stderr.write(
    `\n  DEMO MODE: SHOPBEACON_BASE_URL is not set, so events go to an embedded mock service at ${mock.url}\n` +
      `  (inspect it at ${mock.url}/_mock/records?kind=events). Set SHOPBEACON_BASE_URL and SHOPBEACON_TOKEN for real delivery.\n\n`,
  );
  return { mock, config };
}

/** The relay, or a clear message and exit 1 when its data directory cannot hold the outbox. */
function openRelay(config: RelayConfig): Relay {
  try {
    return createRelay(config);
  } catch (error) {
    if (!(error instanceof OutboxOpenError)) throw error;
    process.stderr.write(`shopbeacon relay: ${error.message}\n`);
    process.exit(1);
  }
}

/** A secret given as a flag is readable by every user of the machine (`ps`, /proc) and kept in shell history. */
function secretFlagWarnings(command: Command): string[] {
  const fromFlags = RELAY_SETTINGS.filter(
    (s) => s.secret && command.getOptionValueSource(optionName(s.flag)) === 'cli',
  );
  return fromFlags.map(
    (s) => `${s.flag} puts a secret in the process list (ps) and shell history; set ${s.env} instead`,
  );
}

/** The settings from flags and the environment, or a message and exit 1 naming what is wrong. */
function parsedConfig(flags: Record<string, unknown>): Readonly<RelayConfig> {
  try {
    return parseRelayConfig(Object.fromEntries(RELAY_SETTINGS.map((s) => [s.key, flagValue(flags, s.flag)])));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`shopbeacon relay: ${error.message}\n`);
    process.exit(1);
  }
}

async function runRelay(flags: Record<string, unknown>, command: Command): Promise<void> {
  // Before the configuration is read: a misspelt variable is often why a setting seems missing.
  for (const warning of [...unknownVariables(RELAY_SETTINGS), ...secretFlagWarnings(command)])
    process.stderr.write(`shopbeacon relay: warning: ${warning}\n`);
  const parsed = parsedConfig(flags);
  const demo = parsed.baseUrl ? undefined : await startDemoUpstream(parsed);
  const config = demo?.config ?? parsed;
  const mock = demo?.mock;
  const relay = openRelay(config);
  if (relay.shopbeacon.shared)
    await checkKeyspaceVersion(relay.shopbeacon.shared.redis).catch(async (error: unknown) => {
      await relay.shopbeacon.close();
      throw error;
    });
  const { server, url } = await listen(relay.callback(), config.port, config.host, config.requestTimeoutMs);
  relay.shopbeacon.logger.info(
    { url, upstream: new URL(config.baseUrl ?? '').origin, demo: Boolean(mock) },
    'relay listening',
  );
  process.stdout.write(
    `shopbeacon relay listening on ${url}  (script: ${url}/shopbeacon.js, collect: ${url}/collect)\n`,
  );
  if (mock)
    process.stdout.write(
      `  demo storefront: ${url}/\n  live debugger:   ${url}/_debug/\n  mock service:    ${mock.url}/_mock/records?kind=events\n`,
    );
  // Calls in flight get SHOPBEACON_SHUTDOWN_GRACE_MS; closing the rest gets a few seconds more.
  onShutdown(async () => {
    // The live debugger's streams never end by themselves: the server's close would wait on them
    // for the whole grace period and then exit 1 (15 s for every stop with the debugger open).
    relay.shopbeacon.feed.close();
    await stopListening(server);
    await relay.shopbeacon.close();
    await mock?.close();
  }, config.shutdownGraceMs + SHUTDOWN_CLOSE_MS);
}

function defaultText(setting: Setting): string {
  const shown = setting.shown ?? (setting.fallback === undefined ? undefined : String(setting.fallback));
  return shown === undefined ? '' : ` (default: ${shown})`;
}

/** `shopbeacon relay`: the process a shop runs beside its web server. */
export function relayCommand(): Command {
  const command = new Command('relay').description(
    'run the relay: /collect for the snippet, the durable outbox and delivery to the service (demo mode without --base-url)',
  );
  for (const setting of RELAY_SETTINGS)
    command.addOption(new Option(`${setting.flag} <value>`, `${setting.help}${defaultText(setting)}`).env(setting.env));
  return command.action((flags: Record<string, unknown>, self: Command) => runRelay(flags, self));
}
