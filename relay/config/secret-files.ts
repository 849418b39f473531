import { readFileSync } from 'node:fs';
import { ConfigError } from './config-error.js';
import type { Setting } from './settings.js';

/** The variable that names a file holding a secret setting's value, as official images take them. */
export const secretFileVariable = (setting: Setting): string => `${setting.env}_FILE`;

function readSecretFile(variable: string, path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError([
      `${variable} names ${path}, which cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): mount the secret there or fix the path`,
    ]);
  }
  // Secret files usually end with the newline an editor or `echo` leaves: it is not part of the secret.
  const value = text.replace(/\r?\n$/, '');
  if (value === '') throw new ConfigError([`${variable} names ${path}, which is empty`]);
  return value;
}

/**
 * The secrets given as files (`SHOPBEACON_TOKEN_FILE=/run/secrets/token`: Docker's and
 * Kubernetes' secrets are files), by their setting's variable. A secret set both ways is refused:
 * which one wins would be a guess.
 */
export function secretFileValues(settings: readonly Setting[], env: NodeJS.ProcessEnv): Record<string, string> {
  const values: Record<string, string> = {};
  for (const setting of settings.filter((s) => s.secret)) {
    const path = env[secretFileVariable(setting)];
    if (!path) continue;
    if (env[setting.env])
      throw new ConfigError([`${setting.env} and ${secretFileVariable(setting)} are both set: keep one`]);
    values[setting.env] = readSecretFile(secretFileVariable(setting), path);
  }
  return values;
}
