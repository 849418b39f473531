import type { FieldError } from '../contract/field-error.js';
import type { OutboxQueue, OutboxRecord } from '../outbox/outbox.js';
import type { RecordEvents } from './record-events.js';
import { originOf, type RecordOrigin, type RecordSource } from './record-step.js';
import { stepLabels } from './step-labels.js';

/** A record that `accept` refused, with its field errors. */
export interface Refusal {
  record: OutboxRecord;
  errors: FieldError[];
}

export type Park = (origin: RecordSource | RecordOrigin, refusals: Refusal[]) => Promise<void>;

/** `path: message; …`: the reason a parked record shows in the debugger and `shopbeacon outbox dead-letters`. */
function describe(errors: FieldError[]): string {
  return `not a valid service record: ${errors.map((e) => `${e.path || '(body)'}: ${e.message}`).join('; ')}`;
}

/**
 * Keeps refused records as dead letters instead of answering the sender with an error: for a way
 * in whose sender cannot correct a payload and would give up on us (WooCommerce disables a webhook
 * after five failures). Announced as `dead` with the field errors.
 */
export function createPark(deps: { outbox: Pick<OutboxQueue, 'enqueueDead'>; events: RecordEvents }): Park {
  return async function park(from, refusals) {
    const origin = originOf(from);
    if (refusals.length === 0) return;
    const parked = refusals.map(({ record, errors }) => ({ record, errors, error: describe(errors) }));
    await deps.outbox.enqueueDead(parked);
    for (const { record, errors, error } of parked) {
      deps.events.emit({ state: 'dead', ...origin, ...stepLabels(record.kind, record.body), key: record.key, body: record.body, errors, detail: error });
    }
  };
}
