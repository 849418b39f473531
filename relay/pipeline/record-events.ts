import type { RecordStep } from './record-step.js';

type Listener = (step: RecordStep) => void;

/**
 * The one place a record's steps are announced (Vector's internal events): ingest and delivery
 * emit, and the debugger's feed, the metrics and the visitor count listen. An emitter, not calls
 * into each observer, so no stage knows who watches it.
 */
export class RecordEvents {
  private readonly listeners = new Set<Listener>();

  /** Returns the function that stops listening. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(step: RecordStep): void {
    for (const listener of this.listeners) listener(step);
  }
}
