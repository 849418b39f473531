import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError } from '../../relay/config/config-error.js';
import { coreSettingsOf } from '../../relay/core-settings.js';
import { parseRelayConfig } from '../../relay/relay-settings.js';

describe('coreSettingsOf(config)', () => {
  it("hands the core the settings as parsed, so a factory reads each row by the row's own name", () => {
    const config = parseRelayConfig({
      baseUrl: 'https://api.example',
      token: 'service-token',
      deliveryConcurrency: '7',
    });
    const settings = coreSettingsOf(config);
    assert.equal(settings, config, 'the same object: no slice copies a setting by hand');
    assert.deepEqual(
      [settings.baseUrl, settings.token, settings.deliveryConcurrency],
      ['https://api.example', 'service-token', 7],
    );
  });

  it('refuses settings without the service, naming both variables', () => {
    assert.throws(
      () => coreSettingsOf(parseRelayConfig({})),
      (error: unknown) =>
        error instanceof ConfigError && /SHOPBEACON_BASE_URL and SHOPBEACON_TOKEN are required/.test(error.message),
    );
  });
});
