import type { Logger } from 'pino';
import type { RecordEvents } from '../pipeline/record-events.js';
import type { VisitorCount } from './visitor-count.js';

/** The month an event without a `datetime` is counted in: the one the service gets it in. */
const monthNow = (now: number) => new Date(now).toISOString().slice(0, 7);

/** Counts the visitor of each delivered event, in the month its `datetime` names, from the step's own fields. */
export function countVisitors(events: RecordEvents, visitors: VisitorCount, logger: Logger): () => void {
  return events.subscribe((step) => {
    if (step.state !== 'delivered' || step.kind !== 'event' || !step.userId) return;
    // A count missed while its store is away (Redis down) is only a statistic: the record itself was delivered.
    Promise.resolve(visitors.add(step.month ?? monthNow(Date.now()), [step.userId])).catch((error: unknown) =>
      logger.debug({ err: error }, 'visitor not counted: the visitor count could not be written'),
    );
  });
}
