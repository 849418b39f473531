/** A median with the min and max of its runs (bench/spread.mjs). */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** What bench/results/growth-latest.json holds that its paragraphs state. */
export interface GrowthResults {
  date?: string;
  dates?: Record<string, string>;
  backlog?: { backend: 'sqlite' | 'redis'; queued: number; ingestRps: number; deliveryRps: number }[];
  import?: { rows: number; ordersPerSecond: number; peakMb: number }[];
  sweep?: { orders: number; rate: number; peakRssMb: number }[];
  connections?: { connections: number; kbPerConnection: number; probeP99: number }[];
  scaleout?: { oneRelayRps: number; twoRelaysRps: number };
}

/** What bench/results/outage-latest.json holds. */
export interface OutageResults {
  date?: string;
  dates?: Record<string, string>;
  idle?: { events: number; rounds: number; core: Spread; callsPerMinute: Spread; drainSeconds: Spread };
}

/** A script's times in bench/results/snippet-start-latest.json: the main thread's own, and the wall's. */
interface ScriptTimes {
  threadMs: Spread;
  wallMs: Spread;
}

/** What bench/results/snippet-start-latest.json holds. */
export interface SnippetStartResults {
  date?: string;
  dates?: Record<string, string>;
  start?: { runs: number; chromium: string; load: ScriptTimes; idleStart: ScriptTimes; plausibleLoad: ScriptTimes };
}

interface DiskLayout {
  bytesPerId: number;
  inUseMb: { min: number; max: number; hours: number };
  claimUs: Spread;
}

/** What bench/results/dedupe-latest.json holds: the window on disk and in Redis. */
export interface DedupeResults {
  date?: string;
  dates?: Record<string, string>;
  disk?: { ids: number; idLength: number; slices: DiskLayout; seenEvents: DiskLayout };
  redis?: {
    ids: number;
    idLength: number;
    slices: { bytesPerId: number; encodings: string };
    keyPerId: { bytesPerId: number; encodings: string };
  };
}

export declare function listed(items: unknown[]): string;
export declare function growthParagraph(growth?: GrowthResults): string;
export declare function sweepParagraph(growth?: GrowthResults): string;
export declare function outageParagraph(outage?: OutageResults): string;
export declare function snippetStartParagraph(results?: SnippetStartResults): string;
export declare function dedupeDiskParagraph(dedupe?: DedupeResults): string;
export declare function dedupeRedisParagraph(dedupe?: DedupeResults): string;
export declare function dedupeSizing(dedupe?: DedupeResults): string;
export declare function windowSoakSentence(soak: {
  minutes: number;
  eventsPerSecond: number;
  lost: number;
  duplicates: number;
  disk: { outboxPeakMb: number; walPeakMb: number };
}): string;
