import type { Accept } from './accept.js';
import type { RecordEvents } from './record-events.js';

/** What every way in needs: the accept pipeline, and the events to announce what it decides before it (a bot dropped). */
export interface IngestDeps {
  accept: Accept;
  events: RecordEvents;
}
