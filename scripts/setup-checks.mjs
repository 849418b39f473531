// What `npm start` and `npm test` check before anything else runs. Pure functions, no
// dependency: they run before node_modules exists, on whatever Node the user has, so they keep to
// syntax that old Node releases still parse.

/** @returns {string | undefined} a sentence naming both versions when `current` is below `engines` (">=20.19"). */
export function nodeVersionProblem(current, engines) {
  const need = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines.trim());
  if (!need) return undefined;
  const have = /^v?(\d+)\.(\d+)\.(\d+)/.exec(current);
  if (!have) return undefined;
  for (let i = 1; i <= 3; i++) {
    const a = Number(have[i]);
    const b = Number(need[i] || 0);
    if (a > b) return undefined;
    if (a < b)
      return `shopbeacon needs Node ${engines.replace(/\s+/g, '')}; this is Node ${current}. Install a current Node (20 LTS or newer) and run the command again.`;
  }
  return undefined;
}

const NETWORK =
  /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|network request to|request to \S+ failed)\b/;
const NATIVE_BUILD = /gyp ERR!|better-sqlite3[^\n]*(install|build)|prebuild-install/;

/**
 * One or two plain lines for a failed `npm ci`, from its output and a lookup of build tools.
 * @param {string} output what npm printed
 * @param {(command: string) => boolean} hasCommand whether a command is on the PATH
 * @returns {string}
 */
export function installFailureExplanation(output, hasCommand) {
  if (NETWORK.test(output)) {
    const registry = (/request to (https?:\/\/[^/\s]+)/.exec(output) || [])[1];
    return `npm could not reach the package registry${registry ? ` (${registry})` : ''}: check the network or npm's proxy settings, then run the command again.`;
  }
  if (NATIVE_BUILD.test(output)) {
    const missing = [
      ['make', ['make']],
      ['a C++ compiler (g++ or clang++)', ['g++', 'c++', 'clang++']],
      ['python3', ['python3']],
    ]
      .filter(([, commands]) => !commands.some(hasCommand))
      .map(([name]) => name);
    const hint = missing.length
      ? `missing build tools: ${missing.join(', ')} (Debian/Ubuntu: apt-get install build-essential python3).`
      : 'make, a C++ compiler and python3 are present; see the log for the compiler error.';
    return `better-sqlite3 (the outbox's SQLite driver) could not be compiled from source: ${hint}`;
  }
  const last = output
    .trim()
    .split('\n')
    .filter((line) => /npm (ERR!|error)/.test(line))
    .slice(-1)[0];
  return `npm ci failed${last ? `: ${last.replace(/^npm (ERR!|error)\s*/, '')}` : ''}.`;
}

/** Whether dependencies must be (re)installed: none yet, or installed before the lockfile last changed. */
export function installIsStale(lockfileMtimeMs, installedMtimeMs) {
  return installedMtimeMs === undefined || installedMtimeMs < lockfileMtimeMs;
}

/**
 * Why node_modules must be installed again for this Node, or `undefined`: native modules are built
 * for one Node major (NODE_MODULE_VERSION), and which SQLite driver npm installs depends on it too.
 * @param {string | undefined} installedWith `process.version` recorded by the last install, if any
 * @param {string} current this `process.version`
 * @returns {string | undefined}
 */
export function installNodeMismatch(installedWith, current) {
  const major = (version) => (/^v?(\d+)\./.exec(version || '') || [])[1];
  if (installedWith && major(installedWith) === major(current)) return undefined;
  if (!installedWith)
    return `the installed dependencies do not record which Node they were built for (this is Node ${current})`;
  return `dependencies were installed with Node ${installedWith}; this is Node ${current}, and native modules are built for one major`;
}

/** "2 min 51 s", "40 s". */
export function formatDuration(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
}
