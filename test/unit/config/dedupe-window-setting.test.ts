import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { configProblems } from '../../helpers/config-problems.js';
import { parseRelayConfig } from '../../../relay/relay-settings.js';

describe('SHOPBEACON_DEDUPE_WINDOW', () => {
  it('defaults to 24 hours and takes a duration in minutes, hours or days', () => {
    assert.equal(parseRelayConfig({}).dedupeWindowMs, 24 * 3600_000);
    assert.equal(parseRelayConfig({ dedupeWindowMs: '90m' }).dedupeWindowMs, 90 * 60_000);
    assert.equal(parseRelayConfig({ dedupeWindowMs: '7d' }).dedupeWindowMs, 7 * 24 * 3600_000);
  });

  it('refuses a window shorter than an hour or longer than a week, naming the variable', () => {
    assert.match(
      configProblems({ dedupeWindowMs: '30m' })[0] ?? '',
      /^SHOPBEACON_DEDUPE_WINDOW \(--dedupe-window\) must be a duration from 1h to 7d, such as 90s, 30m, 24h or 7d/,
    );
    assert.match(configProblems({ dedupeWindowMs: '8d' })[0] ?? '', /^SHOPBEACON_DEDUPE_WINDOW/);
    assert.match(configProblems({ dedupeWindowMs: '24 hours' })[0] ?? '', /^SHOPBEACON_DEDUPE_WINDOW/);
  });
});
