import { Option, type Command } from 'commander';
import {
  apiGroupsOf,
  apiSettingsMissing,
  apiSettingsOf,
  apiValues,
  settingsNamed,
  type ApiContext,
  type Connector,
  type PlatformSetting,
} from '../platforms/connector.js';
import { fail } from './import-job.js';

/** The connector's API settings as flags for what is not a secret (`--url`, `--shop`, each with its variable). */
export function addApiOptions(command: Command, connector: Connector): Command {
  for (const setting of apiSettingsOf(connector))
    if (setting.api?.flag)
      command.addOption(new Option(`${setting.api.flag} <value>`, setting.api.help ?? setting.help).env(setting.env));
  const secrets = settingsNamed(connector, [...new Set(apiGroupsOf(connector).flat())])
    .filter((s) => !s.api?.flag)
    .map((s) => s.env);
  return command.addHelpText(
    'after',
    `\nReads ${secrets.join(' and ')} from the environment (secrets are never read from the command line).`,
  );
}

/** A setting's value checked by the relay's own rule for it (an https:// URL, a store domain). */
function checkedSetting(command: string, setting: PlatformSetting, value: string, shown: string): string {
  try {
    return String(setting.parse(value));
  } catch (error) {
    return fail(command, `${shown} ${(error as Error).message}`);
  }
}

/** One setting from its flag or variable, checked; its default when neither is given. */
function settingValue(command: string, setting: PlatformSetting, flags: Record<string, unknown>): string | undefined {
  const flag = setting.api?.flag;
  // Commander names a flag's value in camel case: `--client-id` → `clientId`.
  const fromFlag = flag
    ? flags[flag.slice(2).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())]
    : undefined;
  const value = typeof fromFlag === 'string' ? fromFlag : process.env[setting.env];
  if (value) return checkedSetting(command, setting, value, flag ? `${flag} (${setting.env})` : setting.env);
  return setting.fallback === undefined ? undefined : String(setting.fallback);
}

/** What each way into the API still lacks: the nearest ways, or the first when nothing is set. */
function missingWays(connector: Connector, values: ApiContext['values']): PlatformSetting[][] {
  const ways = apiSettingsMissing(connector, values);
  if (ways.length > 0 || apiValues(connector, values)) return ways;
  return [settingsNamed(connector, apiGroupsOf(connector)[0] ?? [])];
}

/** The connector's settings from its flags and the environment, or a one-line failure naming what is missing. */
export function apiValuesFromFlags(
  command: string,
  connector: Connector,
  flags: Record<string, unknown>,
): ApiContext['values'] {
  const values: ApiContext['values'] = {};
  for (const setting of connector.settings) {
    const value = settingValue(command, setting, flags);
    if (value !== undefined) values[setting.key] = value;
  }
  const wanted = missingWays(connector, values);
  if (wanted.length === 0) return values;
  const secrets = wanted.flat().some((setting) => !setting.api?.flag)
    ? ' (secrets are read from the environment, never from the command line)'
    : '';
  return fail(
    command,
    `set ${wanted.map((missing) => missing.map(shownSetting).join(' and ')).join(', or ')}${secrets}`,
  );
}

/** How a setting is given to the CLI: its flag with its variable, a secret by its variable only. */
const shownSetting = (setting: PlatformSetting) =>
  setting.api?.flag ? `${setting.api.flag} or ${setting.env}` : setting.env;
