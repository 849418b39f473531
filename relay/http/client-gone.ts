/** Codes of a client that went away mid-answer (a debugger tab closed, a browser left the page). */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** Whether a connection's error is the client leaving: its doing, not the relay's, so no warning. */
export function isClientGone(error: unknown): boolean {
  return typeof error === 'object' && error !== null && CLIENT_GONE.has(String((error as { code?: unknown }).code));
}
