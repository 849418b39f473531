import type { RecordStep } from '../pipeline/record-step.js';

export type { RecordState } from '../pipeline/record-step.js';

/** One step of one record, as the debugger shows it: the wire format of `/_debug/stream`. */
export interface FeedEntry extends RecordStep {
  /** Increases by one per entry: a reconnecting viewer asks for what came after the last it saw. */
  seq: number;
  at: number;
}
