import type { KeyValueStore } from '../types.js';
import { attempt } from '../attempt.js';

/**
 * `localStorage`, where it can be had (reading the property throws where it is blocked). When it
 * cannot, identity and the retry queue keep their own state in memory for the page.
 */
export function createLocalStore(win: Window): KeyValueStore {
  return {
    get: (key) => attempt(() => win.localStorage.getItem(key)),
    set: (key, value) => attempt(() => win.localStorage.setItem(key, value)),
  };
}
