import type { FeedEntry, RecordState } from '../../relay/debug/debug-wire.js';

/** One record as the debugger follows it: every step seen, the body the service gets. */
export interface TrackedRecord {
  id: string;
  kind: FeedEntry['kind'];
  key?: string;
  userId?: string;
  eventName?: string;
  source?: FeedEntry['source'];
  platform?: string;
  body?: Record<string, unknown>;
  steps: FeedEntry[];
  state: RecordState;
}

export const SERVICE_PATHS: Record<FeedEntry['kind'], string> = {
  event: '/v1/track',
  order: '/v1/orders',
  product: '/v1/products/catalog',
};

function parsedBody(body: unknown): Record<string, unknown> | undefined {
  if (typeof body === 'string') {
    try {
      return JSON.parse(body) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/** A record's identity across its steps: kind and key; a refusal without a key is a record of its own. */
export function recordId(entry: FeedEntry): string {
  return entry.key ? `${entry.kind}:${entry.key}` : `${entry.kind}#${entry.seq}`;
}

/** Adds one step to a record (made on its first step), filling what the step tells about it. */
export function applyEntry(record: TrackedRecord | undefined, entry: FeedEntry): TrackedRecord {
  const target: TrackedRecord = record ?? { id: recordId(entry), kind: entry.kind, steps: [], state: entry.state };
  const body = parsedBody(entry.body);
  target.steps.push(entry);
  target.state = entry.state;
  target.key ??= entry.key;
  target.source ??= entry.source;
  target.platform ??= entry.platform;
  if (body) target.body = body;
  target.userId ??= entry.userId ?? text(body?.['user_id']);
  target.eventName ??= entry.eventName ?? text(body?.['event_name']);
  return target;
}

/** The short label of a step: what happened and the figure that matters. */
const LABELS: Partial<Record<RecordState, (entry: FeedEntry) => string>> = {
  delivered: (e) => `delivered · ${e.status} · ${e.latencyMs} ms`,
  retrying: (e) => `retrying · attempt ${e.attempt ?? '?'} · ${e.status || 'no answer'}`,
  rejected: (e) => `rejected · ${e.errors?.[0]?.path || 'body'}: ${e.errors?.[0]?.message ?? ''}`,
  dead: (e) => `dead letter · ${e.status || ''}`,
  dropped: (e) => `dropped · ${e.detail ?? ''}`,
};

export function stepLabel(entry: FeedEntry): string {
  return LABELS[entry.state]?.(entry) ?? entry.state;
}

/** The title of a record in the list: its event name, or the kind and id. */
export function recordTitle(record: TrackedRecord): string {
  if (record.kind === 'event') return record.eventName ?? '(no event_name)';
  return `${record.kind} ${record.key ?? ''}`.trim();
}
