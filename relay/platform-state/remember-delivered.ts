import type { RecordEvents } from '../pipeline/record-events.js';
import type { PlatformState } from './platform-state.js';

/**
 * Notes the body of each delivered order and product, so the same body is not sent (and billed)
 * again, whichever way it comes back.
 */
export function rememberDelivered(events: RecordEvents, state: Pick<PlatformState, 'rememberDelivered'>): () => void {
  return events.subscribe((step) => {
    if (step.state !== 'delivered' || step.kind === 'event' || step.key === undefined || typeof step.body !== 'string')
      return;
    state.rememberDelivered(step.kind, step.key, step.body);
  });
}
