// The WooCommerce plugin as WordPress installs it (Plugins > Add New > Upload): a zip holding the
// plugin's folder. fflate writes it (no zip binary needed); fixed dates keep the zip the same
// from build to build.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { zipSync } from 'fflate';

const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

function filesUnder(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

/** Zips `dir` as `<its name>/...` into `out`. */
export function zipPlugin(dir, out) {
  const entries = {};
  for (const file of filesUnder(dir)) entries[`${basename(dir)}/${relative(dir, file)}`] = [readFileSync(file), { mtime: FIXED_DATE }];
  writeFileSync(out, zipSync(entries, { level: 9 }));
}
