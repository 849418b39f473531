import { createHash } from 'node:crypto';

/**
 * The hash that tells whether a record's body changed since it was delivered (the import's resume,
 * the relay's digests).
 */
export function bodyHash(body: string): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 22);
}
