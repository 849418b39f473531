import { Announcer } from '../shared/announcer.js';
import type { RecordStep } from './record-step.js';

/**
 * The one place a record's steps are announced: ingest and delivery emit, and the debugger's feed,
 * the metrics and the visitor count listen.
 */
export class RecordEvents extends Announcer<RecordStep> {}
