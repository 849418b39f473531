/**
 * A 20-character id in nanoid's URL-safe alphabet (`A-Za-z0-9_-`) from 120 random bits: base64url
 * of 15 bytes from `crypto.getRandomValues`. Written here instead of importing nanoid because it
 * is 64 B smaller gzipped and the snippet's budget is 2 KB; the relay uses nanoid itself.
 */
export const randomId = (): string =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(15))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
