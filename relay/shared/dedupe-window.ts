import { createHash } from 'node:crypto';

/**
 * The duplicate window in generations: ids are remembered in time slices, a quarter of
 * the window long, so the oldest slice is forgotten whole (a table dropped, a key expiring) instead
 * of row by row through an age index. An id is remembered at least the window and at most a slice
 * longer; a repeat in that time is a duplicate.
 */
export interface DedupeWindow {
  windowMs: number;
  sliceMs: number;
}

export const DEFAULT_DEDUPE_WINDOW_MS = 24 * 3600_000;
/** More slices forget sooner after the window ends but cost one more lookup per new id each. */
export const SLICES_PER_WINDOW = 4;

export function dedupeWindow(windowMs = DEFAULT_DEDUPE_WINDOW_MS): DedupeWindow {
  return { windowMs, sliceMs: Math.ceil(windowMs / SLICES_PER_WINDOW) };
}

/** The slice new ids go to now: its number counts slices since the epoch. */
export function currentSlice(window: DedupeWindow, now: number): number {
  return Math.floor(now / window.sliceMs);
}

/** When a slice may go: the window has passed for the last id it can hold. */
export function sliceExpiresAt(window: DedupeWindow, slice: number): number {
  return (slice + 1) * window.sliceMs + window.windowMs;
}

/** The slices that may hold an id seen within the window, oldest first, the current one last. */
export function liveSlices(window: DedupeWindow, now: number): number[] {
  const current = currentSlice(window, now);
  const slices: number[] = [];
  for (let slice = current - SLICES_PER_WINDOW; slice <= current; slice++)
    if (sliceExpiresAt(window, slice) > now) slices.push(slice);
  return slices;
}

/**
 * The 16 bytes an id is remembered by: SHA-256 of the store's own random salt and the id, cut to
 * 128 bits. A 20-character id costs what a 12-character one does, and without the salt nobody can
 * make two ids share a key (a new event refused as a duplicate).
 */
export function seenKey(salt: Buffer, id: string): Buffer {
  return createHash('sha256').update(salt).update(id).digest().subarray(0, 16);
}
