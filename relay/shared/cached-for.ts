/**
 * `read`'s value, read again only once `ms` have passed: a page polled each second need not recount
 * a month each time.
 */
export function cachedFor<T>(ms: number, read: () => T, now: () => number = Date.now): () => T {
  let at = Number.NEGATIVE_INFINITY;
  let value: T;
  return () => {
    if (now() - at >= ms) {
      value = read();
      at = now();
    }
    return value;
  };
}
