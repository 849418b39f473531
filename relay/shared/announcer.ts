/**
 * Typed events for observers (Vector's internal events): a stage emits what happened, and metrics,
 * feeds and counts subscribe. An emitter, not calls into each observer, so no stage knows who
 * watches it. A listener that throws is the listener's bug; it is not caught here.
 */
export class Announcer<T> {
  private readonly listeners = new Set<(event: T) => void>();

  /** Returns the function that stops listening. */
  subscribe(listener: (event: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: T): void {
    for (const listener of this.listeners) listener(event);
  }
}
