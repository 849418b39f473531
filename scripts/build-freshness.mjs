// Whether a built file is as new as its sources: the checks that read a build (`npm run size`,
// lint's stated figures, the browser tier) say which build they read and when it needs a rebuild,
// so none judges yesterday's bundle as today's code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What `dist/shopbeacon.js` and `dist/shopbeacon.mjs` are built from. */
export const SNIPPET_SOURCES = ['snippet', 'rollup.config.mjs', 'package-lock.json'];

/**
 * The most recently changed file or folder under `roots` (a folder's own time changes as a file
 * is added or removed): `{ path, mtimeMs }`, or none when no root exists.
 */
export function newestSource(roots) {
  let newest;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (!newest || stat.mtimeMs > newest.mtimeMs) newest = { path, mtimeMs: stat.mtimeMs };
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  roots.forEach(visit);
  return newest;
}

const clock = (ms) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * The build `output` as a check reads it: `built` (its time, none when missing), `newer` (a source
 * changed since, when it needs a rebuild), `fresh`, and `says`, the sentence naming it.
 */
export function buildState(output, sources) {
  if (!existsSync(output)) return { output, fresh: false, says: `${output}, not built yet` };
  const built = statSync(output).mtimeMs;
  const source = newestSource(sources);
  const newer = source && source.mtimeMs > built ? source : undefined;
  const says = newer
    ? `${output} built ${clock(built)}, older than ${newer.path} (changed ${clock(newer.mtimeMs)}), so it needs a rebuild`
    : `${output} built ${clock(built)}, as new as its sources`;
  return { output, built, newer: newer?.path, fresh: !newer, says };
}
