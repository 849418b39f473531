import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { RecordKind } from '../contract/kinds.js';
import { parseTimestamp } from '../contract/timestamp.js';
import { parseExactJson, stringifyBody } from '../shared/exact-json.js';

export type MockCollection = 'orders' | 'products' | 'events';

interface Snapshot {
  orders: [number | bigint, unknown][];
  products: [number | bigint, unknown][];
  events: unknown[];
}

export interface MockStats {
  orders: number;
  products: number;
  /** Every event received, those already taken (`POST /_mock/events/take`) included. */
  events: number;
  /** Distinct `user_id` per calendar month of `datetime` (as written), the service's billed quota. */
  visitorsByMonth: Record<string, number>;
}

function monthOf(event: Record<string, unknown>, receivedAt: number): string {
  const text = event['datetime'];
  const parsed = typeof text === 'string' ? parseTimestamp(text) : undefined;
  return parsed?.ok ? parsed.value.month : new Date(receivedAt).toISOString().slice(0, 7);
}

/** What the mock service holds: orders and products by id (a repeat overwrites), events in arrival order. */
export class MockStore {
  /** By id: a number, or a `bigint` for a 64-bit id. */
  private orders = new Map<number | bigint, unknown>();
  private products = new Map<number | bigint, unknown>();
  private events: unknown[] = [];
  private eventsTaken = 0;
  private visitors = new Map<string, Set<string>>();

  constructor(private readonly dataFile?: string) {
    if (dataFile && existsSync(dataFile)) this.load(dataFile);
  }

  /** Stores a validated record: orders and products overwrite by id, events append. */
  put(kind: RecordKind, record: Record<string, unknown>): void {
    if (kind === 'order') this.orders.set(record['order_id'] as number | bigint, record);
    else if (kind === 'product') this.products.set(record['product_id'] as number | bigint, record);
    else this.addEvent(record);
  }

  private addEvent(event: Record<string, unknown>, receivedAt = Date.now()): void {
    this.events.push(event);
    this.countVisitor(event, receivedAt);
  }

  /**
   * The events held so far, forgotten as they are handed over: a run of hours (the soak) reads
   * what arrived in slices instead of holding millions of bodies. The quota count is kept.
   */
  takeEvents(): unknown[] {
    const taken = this.events;
    this.events = [];
    this.eventsTaken += taken.length;
    return taken;
  }

  records(collection: MockCollection): unknown[] {
    if (collection === 'events') return [...this.events];
    return [...(collection === 'orders' ? this.orders : this.products).values()];
  }

  stats(): MockStats {
    const visitorsByMonth = Object.fromEntries([...this.visitors].map(([month, ids]) => [month, ids.size]));
    return {
      orders: this.orders.size,
      products: this.products.size,
      events: this.events.length + this.eventsTaken,
      visitorsByMonth,
    };
  }

  reset(): void {
    this.orders.clear();
    this.products.clear();
    this.events = [];
    this.eventsTaken = 0;
    this.visitors.clear();
  }

  /** Writes the whole store to the data file, atomically (a temp file renamed over the old one). */
  save(): void {
    if (!this.dataFile) return;
    const snapshot: Snapshot = { orders: [...this.orders], products: [...this.products], events: this.events };
    const temp = `${this.dataFile}.tmp`;
    writeFileSync(temp, stringifyBody(snapshot));
    renameSync(temp, this.dataFile);
  }

  private countVisitor(event: Record<string, unknown>, receivedAt: number): void {
    const month = monthOf(event, receivedAt);
    const ids = this.visitors.get(month) ?? new Set<string>();
    ids.add(String(event['user_id']));
    this.visitors.set(month, ids);
  }

  private load(file: string): void {
    const snapshot = parseExactJson(readFileSync(file, 'utf8')) as Snapshot;
    this.orders = new Map(snapshot.orders);
    this.products = new Map(snapshot.products);
    for (const event of snapshot.events) this.addEvent(event as Record<string, unknown>);
  }
}
