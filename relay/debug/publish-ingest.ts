import type { FieldError } from '../contract/field-error.js';
import type { RecordKind } from '../contract/kinds.js';
import type { EnqueueResult, OutboxRecord } from '../outbox/outbox.js';
import type { FeedEntry } from './feed-entry.js';
import type { RecordFeed } from './record-feed.js';

type Source = NonNullable<FeedEntry['source']>;

function field(raw: unknown, name: string): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const value = (raw as Record<string, unknown>)[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** Who and what a record is about, for the debugger's filters. */
function labels(kind: RecordKind, raw: unknown) {
  const key = field(raw, kind === 'event' ? 'event_id' : kind === 'order' ? 'order_id' : 'product_id');
  return { kind, ...(key ? { key } : {}), userId: field(raw, 'user_id'), eventName: field(raw, 'event_name') };
}

/** The ingest decision for each record that was stored: accepted, a duplicate, or a coalesced update. */
export function publishEnqueued(feed: RecordFeed | undefined, source: Source, records: OutboxRecord[], results: EnqueueResult[]): void {
  if (!feed) return;
  records.forEach((record, index) => {
    const result = results[index];
    const state = result === 'queued' ? 'accepted' : result === 'coalesced' ? 'coalesced' : 'duplicate';
    feed.publish({ state, source, ...labels(record.kind, record.body), key: record.key, body: record.body });
  });
}

export function publishRejected(feed: RecordFeed | undefined, source: Source, kind: RecordKind, raw: unknown, errors: FieldError[]): void {
  feed?.publish({ state: 'rejected', source, ...labels(kind, raw), errors });
}

export function publishDropped(feed: RecordFeed | undefined, raws: unknown[], detail: string): void {
  for (const raw of raws) feed?.publish({ state: 'dropped', source: 'collect', ...labels('event', raw), detail });
}
