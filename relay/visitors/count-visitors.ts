import type { Logger } from 'pino';
import { parseTimestamp } from '../contract/timestamp.js';
import type { RecordEvents } from '../pipeline/record-events.js';
import type { VisitorCount } from './visitor-count.js';

function monthOf(datetime: unknown, now: number): string {
  const parsed = typeof datetime === 'string' ? parseTimestamp(datetime) : undefined;
  return parsed?.ok ? parsed.value.month : new Date(now).toISOString().slice(0, 7);
}

/** Counts the visitor of each delivered event, in the month its `datetime` names. */
export function countVisitors(events: RecordEvents, visitors: VisitorCount, logger: Logger): () => void {
  return events.subscribe((step) => {
    if (step.state !== 'delivered' || step.kind !== 'event' || typeof step.body !== 'string') return;
    const body = JSON.parse(step.body) as { user_id?: unknown; datetime?: unknown };
    if (typeof body.user_id !== 'string' || body.user_id === '') return;
    // A count missed while its store is away (Redis down) is only a statistic: the record itself was delivered.
    Promise.resolve(visitors.add(monthOf(body.datetime, Date.now()), [body.user_id])).catch((error: unknown) =>
      logger.debug({ err: error }, 'visitor not counted: the visitor count could not be written'),
    );
  });
}
