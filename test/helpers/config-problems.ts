import assert from 'node:assert/strict';
import { ConfigError } from '../../relay/config/config-error.js';
import { parseRelayConfig } from '../../relay/relay-settings.js';

/** What `parseRelayConfig` refuses in `raw`, one sentence each; none when it takes it. */
export function configProblems(raw: Record<string, string>): string[] {
  try {
    parseRelayConfig(raw);
    return [];
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.problems;
  }
}
