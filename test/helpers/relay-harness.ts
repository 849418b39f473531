import { after, before } from 'node:test';
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { listen, stopListening } from '../../relay/http/listen.js';
import { parseRelayConfig } from '../../relay/relay-settings.js';
import type { RelayConfig } from '../../relay/config/relay-config.js';
import { createRelay, type Relay } from '../../relay/create-relay.js';
import { createMockUpstream, type MockUpstream, type MockUpstreamOptions } from '../../relay/mock-upstream/index.js';
import { createLogger } from '../../relay/observability/logger.js';

export const SERVICE_TOKEN = 'svc-token-7f3a9c1e5b';
export const ADMIN_KEY = 'admin-key-4d2b8e6f-a1c9e0b7d35f28a64c1e';
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface Harness {
  url: string;
  relay: Relay;
  mock: MockUpstream;
  logs: string[];
  dataDir: string;
  /** Stops the relay only (the mock keeps its records), e.g. to restart on the same data directory; a second call waits for the first. */
  stopRelay(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  config?: Partial<Record<keyof RelayConfig, string>>;
  mock?: MockUpstreamOptions;
  /** Reuse a mock service (and its records) instead of starting one. */
  upstream?: MockUpstream;
  dataDir?: string;
  /** Run as `shopbeacon relay` does without a base URL: demo storefront, open debugger. */
  demo?: boolean;
}

/** Below the runner's `--test-timeout` of five minutes (scripts/test-node.mjs). */
const UNTIL_BACKSTOP_MS = 240_000;

/** A real relay on an ephemeral port, against the real mock service, with a fresh data directory. */
export async function startRelay(options: HarnessOptions = {}): Promise<Harness> {
  const mock = options.upstream ?? (await createMockUpstream({ token: SERVICE_TOKEN, ...options.mock }));
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sb-relay-'));
  const logs: string[] = [];
  const sink = new Writable({ write: (chunk: Buffer, _enc, done) => (logs.push(chunk.toString()), done()) });
  const parsed = parseRelayConfig({
    baseUrl: mock.url,
    token: SERVICE_TOKEN,
    dataDir,
    adminKey: ADMIN_KEY,
    logLevel: 'trace',
    ...options.config,
  });
  const config = { ...parsed, demo: options.demo ?? false };
  const relay = createRelay(config, { logger: createLogger('trace', sink) });
  const { server, url } = await listen(relay.callback(), 0, '127.0.0.1');
  // Once only: a test that stopped the relay to restart it can still close the harness in `finally`.
  let stopped: Promise<void> | undefined;
  const stopRelay = () =>
    (stopped ??= (async () => {
      await stopListening(server as Server);
      server.closeAllConnections();
      await relay.shopbeacon.close();
    })());
  return {
    url,
    relay,
    mock,
    logs,
    dataDir,
    stopRelay,
    close: async () => {
      await stopRelay();
      if (!options.upstream) await mock.close();
    },
  };
}

/**
 * A relay for one `describe` block: started before its first test, closed after its last. The
 * harness it returns is filled in by the `before` hook, so its tests use it as they would
 * `startRelay`'s (`h.url`, `h.mock`).
 */
export function relayForSuite(options: HarnessOptions = {}): Harness {
  const harness = {} as Harness;
  before(async () => void Object.assign(harness, await startRelay(options)));
  after(() => harness.close());
  return harness;
}

/**
 * Awaits an outcome, no fixed sleep: resolves once `check` holds, polling. Its one bound is a
 * backstop below the test runner's five minutes, so a check that never holds fails naming `what`;
 * no caller sets a shorter one, which a loaded machine would stretch past.
 */
export async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + UNTIL_BACKSTOP_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
