import { createHash } from 'node:crypto';

/**
 * The `'sha256-…'` source that allows one inline script (the install snippet's one-line stub) under
 * a strict policy.
 */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
}

/**
 * A policy with no inline code, no external host and no framing: what the debugger needs, and what
 * a careful shop runs. `extraScripts` are hashes of inline scripts the page may run.
 */
export function strictCsp(extraScripts: string[] = []): string {
  return [
    "default-src 'none'",
    `script-src 'self' ${extraScripts.join(' ')}`.trim(),
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
