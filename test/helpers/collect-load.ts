/** A load of browsers on `/collect` for the failover suites: which events were acknowledged (200), how many batches refused. */
import { browserEvent, collect } from './collect.js';

const BATCH = 10;
const LOADERS = 4;

export interface Load {
  acked: Set<number>;
  refused: number;
  /** The last refusal's status and body (or the error that stood for it): what a stalled test shows. */
  lastRefusal: string;
  stop(): Promise<void>;
}

/** `LOADERS` browsers posting batches to /collect without pause; an event counts as acknowledged only on a 200. */
export function startLoad(url: string): Load {
  const acked = new Set<number>();
  let running = true;
  let refused = 0;
  let lastRefusal = '';
  const loop = async () => {
    while (running) {
      const events = Array.from({ length: BATCH }, () => browserEvent());
      const answer = await collect(url, { events }).catch((error: Error) => error);
      if (!(answer instanceof Error) && answer.status === 200)
        for (const e of events) acked.add((e['event'] as { seq: number }).seq);
      else {
        refused += 1;
        lastRefusal = answer instanceof Error ? answer.message : `${answer.status} ${JSON.stringify(answer.body)}`;
      }
    }
  };
  const loops = Array.from({ length: LOADERS }, loop);
  return {
    acked,
    get refused() {
      return refused;
    },
    get lastRefusal() {
      return lastRefusal;
    },
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}
