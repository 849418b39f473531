export * from './contract/index.js';
export { createMockUpstream, type MockUpstream, type MockUpstreamOptions } from './mock-upstream/index.js';
export { createRelay, type Relay, type RelayDeps, type RelayParts } from './create-relay.js';
export type { RelayConfig } from './config/relay-config.js';
export { parseRelayConfig, rawConfigFromEnv } from './relay-settings.js';
export { ConfigError } from './config/config-error.js';
export type { Outbox, OutboxRecord, EnqueueResult } from './outbox/outbox.js';
