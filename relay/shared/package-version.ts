import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-root.js';

/** This shopbeacon's version, from its package.json (`shopbeacon --version`). */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: unknown };
  return String(manifest.version);
}
