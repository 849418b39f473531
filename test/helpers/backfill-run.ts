import type { MockUpstream } from '../../relay/mock-upstream/index.js';
import { runCli } from './cli-run.js';
import { SERVICE_TOKEN } from './relay-harness.js';

/** `shopbeacon backfill …` as a real process (the stand-ins answer from this one). */
export const backfill = (args: string[], env: Record<string, string>) => runCli(['backfill', ...args], env);

/** The service a backfill sends to, its state folder and the catalog's currency. */
export const serviceEnv = (mock: MockUpstream, dataDir: string) => ({
  SHOPBEACON_BASE_URL: mock.url,
  SHOPBEACON_TOKEN: SERVICE_TOKEN,
  SHOPBEACON_DATA_DIR: dataDir,
  SHOPBEACON_SHOP_CURRENCY: 'EUR',
});
