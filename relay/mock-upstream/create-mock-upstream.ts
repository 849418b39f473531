import { listen } from '../http/listen.js';
import { DEFAULT_FAULTS, type Faults } from './faults.js';
import { createMockApp } from './mock-app.js';
import { MockStore, type MockCollection, type MockStats } from './mock-store.js';
import type { MockCall } from './call-log.js';

export interface MockUpstreamOptions {
  /**
   * Port to listen on; 0 picks a free one.
   * @default 0
   */
  port?: number;
  /**
   * Interface to listen on.
   * @default '127.0.0.1'
   */
  host?: string;
  /**
   * The bearer token the mock expects.
   * @default 'dev-token'
   */
  token?: string;
  /** Faults to start with; see {@link Faults}. */
  faults?: Partial<Faults>;
  /** A JSON file the mock loads at start and rewrites after changes; in memory only when unset. */
  dataFile?: string;
  /**
   * The clock the 2-year and 10-minute windows are measured from.
   * @default Date.now
   */
  now?: () => number;
}

export interface MockUpstream {
  /** Base URL, e.g. `http://127.0.0.1:9100`, to use as `SHOPBEACON_BASE_URL`. */
  url: string;
  records(kind: MockCollection): unknown[];
  stats(): MockStats;
  calls(): MockCall[];
  setFaults(update: Partial<Faults>): void;
  reset(): void;
  close(): Promise<void>;
}

const SAVE_DELAY_MS = 50;

function debounced(run: () => void): { schedule: () => void; flush: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    run();
  };
  return { schedule: () => (timer ??= setTimeout(flush, SAVE_DELAY_MS)), flush };
}

/** Starts a faithful stand-in of the service on a real port, for tests, demos and benchmarks. */
export async function createMockUpstream(options: MockUpstreamOptions = {}): Promise<MockUpstream> {
  const store = new MockStore(options.dataFile);
  const persist = debounced(() => store.save());
  const mock = createMockApp({
    store,
    token: options.token ?? 'dev-token',
    faults: { ...DEFAULT_FAULTS, ...options.faults },
    now: options.now ?? Date.now,
    onChange: options.dataFile ? persist.schedule : () => undefined,
  });
  const { server, url } = await listen(mock.app.callback(), options.port ?? 0, options.host ?? '127.0.0.1');
  return {
    url,
    records: (kind) => store.records(kind),
    stats: () => store.stats(),
    calls: () => mock.calls.list(),
    setFaults: mock.setFaults,
    reset: () => {
      store.reset();
      mock.calls.reset();
    },
    close: async () => {
      mock.endHeldCalls();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (options.dataFile) persist.flush();
    },
  };
}
