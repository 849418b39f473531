// In-memory stand-ins for the snippet's seams (snippet/types.ts), so its DOM-free core is tested in
// milliseconds without a browser, as Snowplow's tracker-core is.
import type { CookieJar, KeyValueStore, SendOutcome, SnippetEvent, Transport } from '../../snippet/types.js';

/**
 * A `localStorage` stand-in; `blocked` answers as the browser's store does where storage is blocked
 * (nothing read, nothing kept).
 */
export class MemoryStore implements KeyValueStore {
  readonly values = new Map<string, string>();
  blocked = false;

  get(key: string): string | null | undefined {
    return this.blocked ? undefined : (this.values.get(key) ?? null);
  }

  set(key: string, value: string): void {
    if (!this.blocked) this.values.set(key, value);
  }
}

/** A cookie jar that keeps each cookie's value and lifetime; a max-age of 0 removes it, as a browser does. */
export class MemoryCookies implements CookieJar {
  readonly cookies = new Map<string, { value: string; maxAge: number }>();

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  set(name: string, value: string, maxAgeSeconds: number): void {
    if (maxAgeSeconds <= 0) this.cookies.delete(name);
    else this.cookies.set(name, { value, maxAge: maxAgeSeconds });
  }
}

/**
 * A transport that records each send and beacon, answering each send with the next queued outcome
 * (`true` when none).
 */
export class FakeTransport implements Transport {
  readonly sent: SnippetEvent[][] = [];
  readonly beaconed: SnippetEvent[][] = [];
  readonly outcomes: SendOutcome[] = [];
  private waiting: ((outcome: SendOutcome) => void) | undefined;
  /** While held, a send stays unanswered until `answer` is called. */
  held = false;

  send(events: SnippetEvent[]): Promise<SendOutcome> {
    this.sent.push(events.map((event) => ({ ...event })));
    if (this.held) return new Promise((resolve) => (this.waiting = resolve));
    return Promise.resolve(this.outcomes.shift() ?? true);
  }

  beacon(events: SnippetEvent[]): void {
    this.beaconed.push(events.map((event) => ({ ...event })));
  }

  answer(outcome: SendOutcome): void {
    const resolve = this.waiting;
    this.waiting = undefined;
    resolve?.(outcome);
  }
}

/** An event as the tracker makes one, with `overrides`. */
export function snippetEvent(overrides: Partial<SnippetEvent> = {}): SnippetEvent {
  return {
    event_name: 'Added To Cart',
    event: { product_id: 1 },
    event_id: `e-${Math.random().toString(36).slice(2, 10)}`,
    captured_at: Date.now(),
    ...overrides,
  };
}

/** Lets the promise callbacks queued so far run. */
export const settled = () => new Promise<void>((resolve) => setImmediate(resolve));
