import type { Logger } from 'pino';
import type { DueRecord } from '../outbox/outbox.js';
import type { SharedState } from './shared-state.js';

/** After a delivered event: its visitor in the shared month count (what the service bills). */
export function countVisitor(shared: SharedState, logger: Logger) {
  return function onDelivered(record: DueRecord): void {
    if (record.kind !== 'event') return;
    const body = JSON.parse(record.body) as { user_id?: unknown; datetime?: unknown };
    const month = typeof body.datetime === 'string' ? body.datetime.slice(0, 7) : new Date().toISOString().slice(0, 7);
    // A count missed while Redis is away is only a statistic: the record itself was delivered.
    shared.visitors.add(month, String(body.user_id)).catch((error: unknown) => logger.debug({ err: error }, 'visitor not counted: Redis unreachable'));
  };
}
