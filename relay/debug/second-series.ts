import type { FeedEntry, SeriesPoint } from './debug-wire.js';

interface Bucket {
  t: number;
  accepted: number;
  delivered: number;
  refused: number;
  latencies: number[];
}

const REFUSED = new Set(['rejected', 'dropped', 'dead']);

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}

/** Counts per second over the last minute (60 buckets, reused: bounded memory). */
export class SecondSeries {
  private readonly buckets: Bucket[] = [];
  private readonly now: () => number;
  private readonly seconds: number;

  constructor(options: { now: () => number; seconds?: number }) {
    this.now = options.now;
    this.seconds = options.seconds ?? 60;
  }

  count(entry: FeedEntry): void {
    const bucket = this.current(entry.at);
    if (entry.state === 'accepted') bucket.accepted++;
    else if (entry.state === 'delivered') bucket.delivered++;
    else if (REFUSED.has(entry.state)) bucket.refused++;
    // A few hundred samples give the median; more would only cost memory at high rates.
    if (entry.latencyMs !== undefined && bucket.latencies.length < 500) bucket.latencies.push(entry.latencyMs);
  }

  /** The last `seconds` seconds, oldest first, with empty seconds filled in. */
  points(): SeriesPoint[] {
    const end = Math.floor(this.now() / 1000) * 1000;
    const byTime = new Map(this.buckets.map((b) => [b.t, b]));
    const points: SeriesPoint[] = [];
    for (let t = end - (this.seconds - 1) * 1000; t <= end; t += 1000) {
      const b = byTime.get(t);
      const latencies = b?.latencies ?? [];
      points.push({
        t,
        accepted: b?.accepted ?? 0,
        delivered: b?.delivered ?? 0,
        refused: b?.refused ?? 0,
        latencyP50: median(latencies),
        latencyMax: latencies.length ? Math.max(...latencies) : null,
      });
    }
    return points;
  }

  private current(at: number): Bucket {
    const t = Math.floor(at / 1000) * 1000;
    const last = this.buckets[this.buckets.length - 1];
    if (last && last.t === t) return last;
    const bucket: Bucket = { t, accepted: 0, delivered: 0, refused: 0, latencies: [] };
    this.buckets.push(bucket);
    while (this.buckets.length > this.seconds) this.buckets.shift();
    return bucket;
  }
}
