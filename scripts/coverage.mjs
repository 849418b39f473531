// `npm run coverage`: the unit, integration and browser tiers run as `npm test` runs them, each
// with NODE_V8_COVERAGE, which every node process they start inherits (the relays spawned from
// dist/ too, mapped back to relay/*.ts by tsc's source maps); c8 then prints the line and branch
// coverage of relay/ and snippet/ (.c8rc.json), in all and by folder. Not part of `npm test`: it
// doubles the tiers' time, and it is a figure a developer reads, not a gate.
// .c8rc.json picks scripts before they are mapped (`excludeAfterRemap: false`): mapped first, the
// CLI bundle's ranges, from ~250 sources in one map, came out as every line covered and no branch.
// The snippet's own figure is from Node only: Chromium's runs of it are not counted. The coverage
// files are trimmed to our own scripts while the tiers run (scripts/coverage-trim.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { trimCoverageWhileRunning } from './coverage-trim.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const env = { ...process.env, NODE_V8_COVERAGE: resolve('coverage/tmp') };
const TIERS = [
  ['run', 'build'],
  ['run', 'test:quick'],
  ['run', 'test:integration'],
  ['run', 'test:e2e'],
];

/** The .ts files that hold only types: they compile to nothing, so no run can cover them. */
async function typeOnlyFiles() {
  const { default: ts } = await import('typescript');
  const options = {
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ES2022,
    removeComments: true,
    verbatimModuleSyntax: true,
  };
  return ['relay', 'snippet']
    .flatMap((root) => readdirSync(root, { recursive: true }).map((file) => join(root, file)))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts'))
    .filter(
      (file) =>
        ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions: options }).outputText.trim() === 'export {};',
    );
}

/**
 * The coverage report, which never fails the run: it is a figure, not a gate (a broken report says
 * why in one line).
 */
async function reportCoverage(trimming) {
  trimming.finish();
  try {
    await printCoverage();
  } catch (error) {
    console.error(`npm test: the coverage report failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** c8's text summary, then lines and branches by folder (relay/<folder>, relay's own files, snippet). */
async function printCoverage() {
  if (!existsSync('coverage/tmp')) return;
  const excludes = [...JSON.parse(readFileSync('.c8rc.json', 'utf8')).exclude, ...(await typeOnlyFiles())];
  const c8 = spawnSync(
    process.execPath,
    ['node_modules/c8/bin/c8.js', 'report', ...excludes.flatMap((glob) => ['--exclude', glob])],
    { stdio: 'inherit' },
  );
  if (c8.status !== 0 || !existsSync('coverage/coverage-summary.json')) return;
  const folders = new Map();
  for (const [file, summary] of Object.entries(JSON.parse(readFileSync('coverage/coverage-summary.json', 'utf8')))) {
    if (file === 'total') continue;
    const parts = relative(process.cwd(), file).split(sep);
    const folder = parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
    const sum = folders.get(folder) ?? { files: 0, lines: [0, 0], branches: [0, 0] };
    sum.files += 1;
    for (const kind of ['lines', 'branches']) {
      sum[kind][0] += summary[kind].covered;
      sum[kind][1] += summary[kind].total;
    }
    folders.set(folder, sum);
  }
  const pct = ([covered, total]) =>
    `${total ? ((100 * covered) / total).toFixed(1) : '100.0'} % (${covered}/${total})`.padStart(22);
  console.log(`${'folder'.padEnd(24)} files ${'lines'.padStart(22)} ${'branches'.padStart(22)}`);
  for (const [folder, sum] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${folder.padEnd(24)} ${String(sum.files).padStart(5)} ${pct(sum.lines)} ${pct(sum.branches)}`);
  }
}

rmSync('coverage', { recursive: true, force: true });
const trimming = trimCoverageWhileRunning(env.NODE_V8_COVERAGE);
let failed = false;
for (const args of TIERS) {
  const { status } = spawnSync(npm, args, { stdio: 'inherit', env });
  if (status !== 0) {
    console.error(`coverage: npm ${args.join(' ')} failed (exit ${status}); the figures below count what ran`);
    failed = true;
  }
}
await reportCoverage(trimming);
process.exit(failed ? 1 : 0);
