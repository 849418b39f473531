/** The relay's configuration was refused at start; `problems` names each variable and flag. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code = 'invalid_config';

  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
  }
}
