// A CI log keeps only the end of a run, and a test that failed early in a long TAP stream (the
// Node matrix's integration tier on Node 22, stop 44) left no line of why. These pick the failed
// tests' own blocks out of TAP, so the scripts that run the tiers can print them again at the end.

// Room for a failure that carries its processes' last lines (redis-failover's, ~80).
const MAX_BLOCK_LINES = 150;

/** The leading spaces of a line. */
function indentOf(line) {
  return line.length - line.trimStart().length;
}

/**
 * Each `not ok` line of `tap` with its YAML block (error, location, stack), up to the block's
 * closing `...`. A suite that failed only because a test in it did, and a test cancelled because its
 * suite failed, are left out: the cause's own block is shown, once.
 */
export function failedTestBlocks(tap) {
  const lines = tap.split('\n');
  const blocks = [];
  for (let index = 0; index < lines.length; index++) {
    if (!/^\s*not ok \d+/.test(lines[index])) continue;
    const indent = indentOf(lines[index]);
    let end = index + 1;
    while (end < lines.length && !(lines[end].trim() === '...' && indentOf(lines[end]) === indent + 2)) end++;
    const block = lines.slice(index, Math.min(end + 1, lines.length, index + MAX_BLOCK_LINES)).join('\n');
    const onlyEchoes = /failureType: '(?:subtestsFailed|cancelledByParent)'/.test(block);
    if (!onlyEchoes) blocks.push(block);
  }
  return blocks;
}
