import { InvalidArgumentError, Option } from 'commander';
import type { RelayConfig } from '../config/relay-config.js';
import { SETTINGS } from '../config/settings.js';

/**
 * The relay's own row for `key` as a subcommand's option: the same flag, variable, check and
 * default as `shopbeacon relay`, so `import`, `backfill` and `connect` cannot drift from it
 *. `help` says what the setting means to this command. A secret is not checked here:
 * commander would print the refused value; the relay's own parse, which hides it, checks it later.
 */
export function settingOption(key: keyof RelayConfig, help?: string): Option {
  const setting = SETTINGS.find((s) => s.key === key);
  if (!setting) throw new Error(`no relay setting ${String(key)}`);
  const option = new Option(`${setting.flag} <value>`, help ?? setting.help).env(setting.env);
  if (setting.fallback !== undefined) option.default(setting.fallback);
  if (setting.secret) return option;
  return option.argParser((value: string) => {
    // An empty variable is unset, as the relay reads it.
    if (value === '') return setting.fallback;
    try {
      return setting.parse(value);
    } catch (error) {
      throw new InvalidArgumentError(`${setting.env} (${setting.flag}) ${(error as Error).message}`);
    }
  });
}
