import type { RequestEvents } from '../http/request-events.js';
import type { Metrics } from './metrics.js';

/**
 * Answered requests as `/metrics`: a count by route and status, a duration histogram by route.
 * Returns the function that stops listening.
 */
export function requestMetrics(events: RequestEvents, metrics: Metrics): () => void {
  return events.subscribe(({ route, status, seconds }) => {
    metrics.httpRequests.inc({ route, status: String(status) });
    metrics.httpDuration.observe({ route }, seconds);
  });
}
