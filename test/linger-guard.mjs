// Loaded into every test file's process (scripts/test-node.mjs): once the file's last test has
// ended, a file that something it started still holds open (a server, a child, a timer) is ended
// after a grace period, with its name and what holds it printed, and fails. Without it Node's
// runner waits for such a file for ever, and the tier with it.
import { readdirSync, readFileSync } from 'node:fs';
import { after } from 'node:test';

const LINGER_MS = Number(process.env['SHOPBEACON_TEST_LINGER_MS'] ?? 60_000);

const STDIO = new Set([process.stdin, process.stdout, process.stderr]);

/** Where a handle listens, talks or runs, when it says. */
function whereOf(handle) {
  if (typeof handle.remotePort === 'number') return `to ${handle.remoteAddress}:${handle.remotePort}`;
  const address = typeof handle.listening === 'boolean' ? handle.address() : undefined;
  if (address && typeof address === 'object') return `on ${address.address}:${address.port}`;
  return typeof handle.pid === 'number' ? `pid ${handle.pid} (${handle.spawnfile})` : undefined;
}

/** A handle as a maintainer would look for it in the test; the file's own stdio is left out. */
function describeHandle(handle) {
  if (handle === null || typeof handle !== 'object' || STDIO.has(handle)) return undefined;
  const where = whereOf(handle);
  return where ? `${handle.constructor.name} ${where}` : handle.constructor.name;
}

/** The processes this one started and that still run: a file killed for lingering takes them with it. */
function childPids() {
  try {
    return readdirSync('/proc/self/task').flatMap((task) =>
      readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

function endLingeringFile() {
  // Node's own list of what keeps the loop alive; the deprecated one only for its objects' details.
  const resources = process.getActiveResourcesInfo().filter((name) => name !== 'TTYWrap');
  const handles = (process._getActiveHandles?.() ?? []).map(describeHandle).filter(Boolean);
  const children = childPids();
  process.stderr.write(
    `${process.argv[1]}: still running ${LINGER_MS / 1000} s after its last test, held by ${resources.join(', ')}` +
      `${handles.length > 0 ? `; handles: ${handles.join(', ')}` : ''}${children.length > 0 ? `; children killed: ${children.join(', ')}` : ''}\n`,
  );
  for (const pid of children) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  process.exit(1);
}

// Only in a file's own process: the runner's process runs no tests of its own.
if (process.env['NODE_TEST_CONTEXT']?.startsWith('child')) {
  after(() => {
    setTimeout(endLingeringFile, LINGER_MS).unref();
  });
}
