// The WooCommerce plugin as WordPress installs it (Plugins > Add New > Upload): a zip holding the
// plugin's folder. fflate writes it (no zip binary needed). Every file is dated with the last
// commit that changed the folder: the zip stays the same from build to build of one source, and a
// newer source has newer dates, so PHP's opcode cache (which compares file dates) runs the new
// code after an unzip over the old one (one fixed date kept a real shop on the old plugin).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { zipSync } from 'fflate';

const FALLBACK_DATE = new Date('2026-01-01T00:00:00Z');

/** When `dir` last changed in git, or the fallback outside a checkout (a package's copy). */
function sourceDate(dir) {
  const { status, stdout } = spawnSync('git', ['log', '-1', '--format=%cI', '--', dir], { encoding: 'utf8' });
  const date = status === 0 ? new Date(stdout.trim()) : FALLBACK_DATE;
  return Number.isNaN(date.getTime()) ? FALLBACK_DATE : date;
}

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
  const mtime = sourceDate(dir);
  for (const file of filesUnder(dir))
    entries[`${basename(dir)}/${relative(dir, file)}`] = [readFileSync(file), { mtime }];
  writeFileSync(out, zipSync(entries, { level: 9 }));
}
