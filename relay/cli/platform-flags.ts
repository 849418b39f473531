import { Option, type Command } from 'commander';
import { apiSettingsOf, type ApiContext, type Connector, type PlatformSetting } from '../platforms/connector.js';
import { fail } from './import-job.js';

/** The connector's API settings as flags for what is not a secret (`--url`, `--shop`, each with its variable). */
export function addApiOptions(command: Command, connector: Connector): Command {
  const settings = apiSettingsOf(connector);
  for (const setting of settings) if (setting.api?.flag) command.addOption(new Option(`${setting.api.flag} <value>`, setting.api.help ?? setting.help).env(setting.env));
  const secrets = settings.filter((s) => !s.api?.flag).map((s) => s.env);
  return command.addHelpText('after', `\nReads ${secrets.join(' and ')} from the environment (secrets are never read from the command line).`);
}

/** A setting's value checked by the relay's own rule for it (an https:// URL, a store domain). */
function checkedSetting(command: string, setting: PlatformSetting, value: string, shown: string): string {
  try {
    return String(setting.parse(value));
  } catch (error) {
    return fail(command, `${shown} ${(error as Error).message}`);
  }
}

/** The connector's API settings from the flags and the environment, or a one-line failure naming what is missing. */
export function apiValuesFromFlags(command: string, connector: Connector, flags: Record<string, unknown>): ApiContext['values'] {
  const values: ApiContext['values'] = {};
  for (const setting of apiSettingsOf(connector)) {
    const flag = setting.api?.flag;
    const fromFlag = flag ? flags[flag.slice(2)] : undefined;
    const value = typeof fromFlag === 'string' ? fromFlag : process.env[setting.env];
    if (!value) fail(command, flag ? `set ${flag} or ${setting.env}` : `set ${setting.env} (secrets are read from the environment, never from the command line)`);
    values[setting.key] = checkedSetting(command, setting, value, flag ? `${flag} (${setting.env})` : setting.env);
  }
  return values;
}
