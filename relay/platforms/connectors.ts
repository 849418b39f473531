import type { Connector, PlatformName } from './connector.js';
import * as registry from './registry.js';

/**
 * Every platform of the registry (`registry.ts`, a line each), in name order. The relay's webhook
 * routes, its sync, `/stats` and the CLI's `backfill`, `connect` and `doctor` learn the platforms
 * from this list.
 */
export const CONNECTORS: readonly Connector[] = Object.values(registry).sort((a, b) => a.name.localeCompare(b.name));

// Re-exported so the package's declaration files load each connector, and with it the RelayConfig
// fields its config file declares.
export * from './registry.js';

export function connectorNamed(name: PlatformName): Connector | undefined {
  return CONNECTORS.find((c) => c.name === name);
}
