import { Option, type Command } from 'commander';
import { SETTINGS } from '../config/settings.js';
import type { ApiContext, Connector } from '../platforms/connector.js';
import { fail } from './import-job.js';

/** The connector's API settings as flags for what is not a secret (`--url`, `--shop`, each with its variable). */
export function addApiOptions(command: Command, connector: Connector): Command {
  for (const setting of connector.apiSettings) if (setting.flag) command.addOption(new Option(`${setting.flag} <value>`, setting.help).env(setting.env));
  const secrets = connector.apiSettings.filter((s) => !s.flag).map((s) => s.env);
  return command.addHelpText('after', `\nReads ${secrets.join(' and ')} from the environment (secrets are never read from the command line).`);
}

/** A setting's value checked by the relay's own rule for it (an https:// URL, a store domain). */
function checkedSetting(command: string, key: string, value: string, shown: string): string {
  const setting = SETTINGS.find((s) => s.key === key);
  try {
    return setting ? String(setting.parse(value)) : value;
  } catch (error) {
    return fail(command, `${shown} ${(error as Error).message}`);
  }
}

/** The connector's API settings from the flags and the environment, or a one-line failure naming what is missing. */
export function apiValuesFromFlags(command: string, connector: Connector, flags: Record<string, unknown>): ApiContext['values'] {
  const values: ApiContext['values'] = {};
  for (const setting of connector.apiSettings) {
    const fromFlag = setting.flag ? flags[setting.flag.slice(2)] : undefined;
    const value = typeof fromFlag === 'string' ? fromFlag : process.env[setting.env];
    if (!value) fail(command, setting.flag ? `set ${setting.flag} or ${setting.env}` : `set ${setting.env} (secrets are read from the environment, never from the command line)`);
    values[setting.key] = checkedSetting(command, setting.key, value, setting.flag ? `${setting.flag} (${setting.env})` : setting.env);
  }
  return values;
}
