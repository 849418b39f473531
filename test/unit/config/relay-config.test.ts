import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { RelayConfig } from '../../../relay/config/relay-config.js';
import { parseRelayConfig, RELAY_SETTINGS } from '../../../relay/relay-settings.js';

/** `true` only when A and B are the same type: `npm run typecheck` fails on a `false` below. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// Each field's type is its row's parser's, with `undefined` where the row has no fallback.
const fieldTypes: [
  Same<RelayConfig['port'], number>,
  Same<RelayConfig['baseUrl'], string | undefined>,
  Same<RelayConfig['bots'], 'drop' | 'keep'>,
  Same<RelayConfig['outbox'], 'sqlite' | 'redis'>,
  Same<RelayConfig['redisSentinels'], { host: string; port: number }[] | undefined>,
  Same<RelayConfig['woocommerceSecret'], string | undefined>,
  Same<RelayConfig['shopifyApiVersion'], string>,
] = [true, true, true, true, true, true, true];

describe('RelayConfig, from the settings rows', () => {
  it("holds each row's fallback when nothing is set, and undefined where a row has none", () => {
    const config = parseRelayConfig({});
    for (const setting of RELAY_SETTINGS) assert.deepEqual(config[setting.key], setting.fallback, setting.key);
    assert.equal(fieldTypes.length, 7);
  });
  it("has a field for every row and no other, but demo mode's own flag", () => {
    const config = parseRelayConfig({});
    assert.deepEqual(Object.keys(config).sort(), RELAY_SETTINGS.map((setting) => setting.key).sort());
  });
});
