import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError } from '../../../relay/config/config-error.js';
import { parseRelayConfig } from '../../../relay/relay-settings.js';

function problems(raw: Record<string, string>): string[] {
  try {
    parseRelayConfig(raw);
    return [];
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.problems;
  }
}

describe('SHOPBEACON_DEDUPE_WINDOW', () => {
  it('defaults to 24 hours and takes a duration in minutes, hours or days', () => {
    assert.equal(parseRelayConfig({}).dedupeWindowMs, 24 * 3600_000);
    assert.equal(parseRelayConfig({ dedupeWindowMs: '90m' }).dedupeWindowMs, 90 * 60_000);
    assert.equal(parseRelayConfig({ dedupeWindowMs: '7d' }).dedupeWindowMs, 7 * 24 * 3600_000);
  });

  it('refuses a window shorter than an hour or longer than a week, naming the variable', () => {
    assert.match(problems({ dedupeWindowMs: '30m' })[0] ?? '', /^SHOPBEACON_DEDUPE_WINDOW \(--dedupe-window\) must be a duration from 1h to 7d, such as 24h/);
    assert.match(problems({ dedupeWindowMs: '8d' })[0] ?? '', /^SHOPBEACON_DEDUPE_WINDOW/);
    assert.match(problems({ dedupeWindowMs: '24 hours' })[0] ?? '', /^SHOPBEACON_DEDUPE_WINDOW/);
  });
});
