import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError } from '../../../relay/config/config-error.js';
import { parseSettings, rawSettingsFromEnv, requiredTogether } from '../../../relay/config/parse-relay-config.js';
import type { RelayConfig } from '../../../relay/config/relay-config.js';
import { SETTINGS } from '../../../relay/config/settings.js';

type Raw = Partial<Record<keyof RelayConfig, string>>;

/** The problems `parseSettings` names in `raw` with the relay's own rows and rules; none when it takes it. */
function problems(raw: Raw): string[] {
  try {
    parseSettings(raw);
    return [];
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.problems;
  }
}

const service = { baseUrl: 'https://api.example', token: 'service-token' };

describe('parseSettings(raw, settings, rules)', () => {
  it("gives each unset or empty setting its row's default, and a config no later code can change", () => {
    const config = parseSettings({ port: '', host: undefined as unknown as string });
    assert.deepEqual([config.port, config.host, config.bots, config.baseUrl], [8787, '127.0.0.1', 'drop', undefined]);
    assert.ok(Object.isFrozen(config));
  });

  it('reports every problem at once, each naming its variable and flag, and never the value of a secret', () => {
    const found = problems({ port: 'eighty', bots: 'maybe', adminKey: 'short-admin-key' });
    assert.deepEqual(found, [
      'PORT (--port) must be a whole number ≥ 0; got "eighty"',
      'SHOPBEACON_ADMIN_KEY (--admin-key) must be at least 32 characters (it has 15), e.g. the output of `openssl rand -base64 32`: a short key can be guessed; got (hidden)',
      'SHOPBEACON_BOTS (--bots) must be "drop" or "keep"; got "maybe"',
    ]);
    assert.ok(found.every((p) => !p.includes('short-admin-key')));
  });

  it('requires the token with the service, and counts a refused value as set, not as missing', () => {
    assert.deepEqual(problems({ baseUrl: 'https://api.example' }), [
      'SHOPBEACON_TOKEN (--token) is required when SHOPBEACON_BASE_URL is set',
    ]);
    assert.deepEqual(problems({ baseUrl: 'https://api.example', token: 'two words' }), [
      'SHOPBEACON_TOKEN (--token) must be a non-empty token without spaces; got (hidden)',
    ]);
  });

  it('refuses a relay reachable from other machines that would run the open demo or believe any X-Forwarded-For', () => {
    const exposed = problems({ host: '0.0.0.0', trustProxy: '1' });
    assert.equal(exposed.length, 2);
    assert.match(
      exposed[0] ?? '',
      /^HOST \(--host\) 0\.0\.0\.0 without SHOPBEACON_BASE_URL .* on a loopback HOST only/,
    );
    assert.match(
      exposed[1] ?? '',
      /^SHOPBEACON_TRUST_PROXY \(--trust-proxy\) on HOST 0\.0\.0\.0: any client reaching this address could forge X-Forwarded-For/,
    );
    assert.deepEqual(problems({ ...service, host: '0.0.0.0', trustProxy: '1', trustedProxies: '10.0.0.0/8' }), []);
    assert.deepEqual(problems({ host: '::1', trustProxy: '1' }), [], 'loopback: the proxy is on this machine');
  });

  it('names a Redis set up by halves: sentinels without their name or the name without them, and a Redis outbox without a Redis', () => {
    assert.deepEqual(problems({ redisSentinels: '10.0.0.1:26379' }), [
      'SHOPBEACON_REDIS_SENTINEL_NAME (--redis-sentinel-name) is required when SHOPBEACON_REDIS_SENTINELS is set',
    ]);
    assert.deepEqual(problems({ redisSentinelName: 'primary' }), [
      'SHOPBEACON_REDIS_SENTINELS (--redis-sentinels) is required when SHOPBEACON_REDIS_SENTINEL_NAME is set',
    ]);
    assert.deepEqual(problems({ outbox: 'redis' }), [
      'SHOPBEACON_REDIS_URL (--redis-url), SHOPBEACON_REDIS_SENTINELS (--redis-sentinels) or SHOPBEACON_REDIS_CLUSTER (--redis-cluster) is required when SHOPBEACON_OUTBOX is "redis"',
    ]);
    assert.deepEqual(problems({ outbox: 'redis', redisUrl: 'redis://127.0.0.1:6379' }), []);
  });

  it('reads only the rows and rules it is given', () => {
    const port = SETTINGS.filter((s) => s.key === 'port');
    assert.deepEqual(parseSettings({ port: '9000', bots: 'maybe' }, port, []), { port: 9000 });
    assert.throws(() => parseSettings({ baseUrl: 'https://api.example' }, SETTINGS, [requiredTogether]), ConfigError);
  });
});

describe('rawSettingsFromEnv(settings, env)', () => {
  it("takes each row's variable that is set, empty ones included, keyed as the config names them", () => {
    const env = { PORT: '9000', SHOPBEACON_BOTS: '', SHOPBEACON_UNRELATED: 'x', HOME: '/root' };
    assert.deepEqual(rawSettingsFromEnv(SETTINGS, env), { port: '9000', bots: '' });
  });
});
