import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares two secrets in time that does not depend on where they differ. Both sides are hashed
 * first so that neither the length nor the content of the expected secret leaks through timing.
 */
export function constantTimeEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
