import type { RecordStep } from '../pipeline/record-step.js';
import type { FeedEntry } from './debug-wire.js';
import type { SeriesPoint } from './debug-wire.js';
import { SecondSeries } from './second-series.js';

export interface RecordFeedOptions {
  /**
   * Entries kept for a viewer that opens the debugger later. Bounded: memory does not grow with traffic.
   * @default 1000
   */
  capacity?: number;
  now?: () => number;
}

type Listener = (entry: FeedEntry) => void;
interface Subscriber {
  listener: Listener;
  onClose: () => void;
}

/**
 * The relay's record-by-record history for `/_debug`: a ring of recent entries plus live listeners.
 * Publishing costs an object and an array slot, so the hot path pays the same with or without viewers.
 */
export class RecordFeed {
  private readonly ring: FeedEntry[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private readonly capacity: number;
  private readonly now: () => number;
  private nextSeq = 1;
  private closed = false;
  readonly series: SecondSeries;

  constructor(options: RecordFeedOptions = {}) {
    this.capacity = options.capacity ?? 1000;
    this.now = options.now ?? Date.now;
    this.series = new SecondSeries({ now: this.now });
  }

  publish(input: RecordStep): void {
    const entry: FeedEntry = { seq: this.nextSeq++, at: this.now(), ...input };
    this.ring.push(entry);
    if (this.ring.length > this.capacity) this.ring.shift();
    this.series.count(entry);
    for (const subscriber of this.subscribers) subscriber.listener(entry);
  }

  /** Entries after `seq` still in the ring, oldest first. */
  since(seq = 0): FeedEntry[] {
    return this.ring.filter((entry) => entry.seq > seq);
  }

  /** `onClose` runs when the relay shuts down, so a live viewer does not hold the server open. */
  subscribe(listener: Listener, onClose: () => void = () => undefined): () => void {
    const subscriber = { listener, onClose };
    if (this.closed) {
      onClose();
      return () => undefined;
    }
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get viewers(): number {
    return this.subscribers.size;
  }

  /** Ends every live viewer. */
  close(): void {
    this.closed = true;
    for (const subscriber of [...this.subscribers]) subscriber.onClose();
    this.subscribers.clear();
  }

  points(): SeriesPoint[] {
    return this.series.points();
  }
}
