// Every process the test tiers start writes V8's coverage of every script it ran (NODE_V8_COVERAGE):
// Node's own, node_modules', dist/vendor's bundles. ~400 MB in a run, of which relay/ and snippet/
// are ~3 %; c8 reads and merges all of it before it keeps those (15 of its 16 s here).
// While the tiers run, each file that has been written whole is cut down to the scripts of this
// repository outside node_modules/ and dist/vendor/ (a superset of what c8 keeps: our .ts through
// tsx and dist/relay through its source maps), so the report at the end reads ~3 % of the bytes.
// Same figures: checked on one run's 288 files, c8's summaries matched file by file.
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setInterval, clearInterval } from 'node:timers';
import { pathToFileURL } from 'node:url';

const POLL_MS = 2_000;

/** Whether a script's URL is one of this repository's own files (the only ones c8 may report). */
function isOwnScript(url, rootUrl) {
  return url.startsWith(rootUrl) && !url.includes('/node_modules/') && !url.startsWith(`${rootUrl}dist/vendor/`);
}

/** Cuts one coverage file down to our scripts; false when it does not parse yet (its process is still writing it). */
export function trimCoverageFile(path, rootUrl, scratch) {
  let coverage;
  try {
    coverage = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return false;
  }
  coverage.result = (coverage.result ?? []).filter(({ url }) => isOwnScript(url, rootUrl));
  const maps = coverage['source-map-cache'];
  if (maps)
    coverage['source-map-cache'] = Object.fromEntries(
      Object.entries(maps).filter(([url]) => isOwnScript(url, rootUrl)),
    );
  // Written beside, then renamed: c8 never meets half a file.
  writeFileSync(scratch, JSON.stringify(coverage));
  renameSync(scratch, path);
  return true;
}

/** Trims the coverage files that appear in `dir` until `finish()`, which trims what is left. */
export function trimCoverageWhileRunning(dir, root = process.cwd()) {
  const rootUrl = pathToFileURL(`${root}/`).href;
  const scratch = join(dir, '..', 'trimming.tmp');
  const done = new Set();
  const pass = () => {
    let names = [];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names)
      if (!done.has(name) && trimCoverageFile(join(dir, name), rootUrl, scratch)) done.add(name);
  };
  const timer = setInterval(pass, POLL_MS).unref();
  return {
    finish() {
      clearInterval(timer);
      pass();
    },
  };
}
