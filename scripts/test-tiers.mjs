// `npm test`, the whole gate CI runs: install when stale, build, typecheck, lint, then the unit,
// integration and browser tiers, each timed, stopping at the first that fails. The closing lines
// say what each took, so a slow tier shows in every log. Needs nothing but Node (it runs before
// the install).
// The three test tiers run with NODE_V8_COVERAGE (issue #37), which every node process they start
// inherits (the relays spawned from dist/ too, mapped back to relay/*.ts by tsc's source maps);
// c8 then prints the line and branch coverage of relay/ and snippet/ (.c8rc.json), in all and by
// folder. The snippet's own figure is from Node only: Chromium's runs of it are not counted.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const coverage = { ...process.env, NODE_V8_COVERAGE: resolve('coverage/tmp') };
const TIERS = [
  ['install', [process.execPath, 'scripts/bootstrap.mjs', '--install-only']],
  ['build', [npm, 'run', 'build']],
  ['typecheck', [npm, 'run', 'typecheck']],
  ['lint', [npm, 'run', 'lint']],
  ['unit', [npm, 'run', 'test:unit'], coverage],
  ['integration', [npm, 'run', 'test:integration'], coverage],
  ['e2e', [npm, 'run', 'test:e2e'], coverage],
];

/** The .ts files that hold only types: they compile to nothing, so no run can cover them. */
async function typeOnlyFiles() {
  const { default: ts } = await import('typescript');
  const options = { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, removeComments: true, verbatimModuleSyntax: true };
  return ['relay', 'snippet']
    .flatMap((root) => readdirSync(root, { recursive: true }).map((file) => join(root, file)))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts'))
    .filter((file) => ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions: options }).outputText.trim() === 'export {};');
}

/** The coverage report, which never fails the run: it is a figure, not a gate (a broken report says why in one line). */
async function reportCoverage() {
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
  const c8 = spawnSync(process.execPath, ['node_modules/c8/bin/c8.js', 'report', ...excludes.flatMap((glob) => ['--exclude', glob])], { stdio: 'inherit' });
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
  const pct = ([covered, total]) => `${total ? ((100 * covered) / total).toFixed(1) : '100.0'} % (${covered}/${total})`.padStart(22);
  console.log(`${'folder'.padEnd(24)} files ${'lines'.padStart(22)} ${'branches'.padStart(22)}`);
  for (const [folder, sum] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${folder.padEnd(24)} ${String(sum.files).padStart(5)} ${pct(sum.lines)} ${pct(sum.branches)}`);
  }
}

rmSync('coverage', { recursive: true, force: true });
const times = [];
for (const [name, [command, ...args], env] of TIERS) {
  const began = Date.now();
  const { status, signal } = spawnSync(command, args, { stdio: 'inherit', env });
  times.push(`${name} ${((Date.now() - began) / 1000).toFixed(0)} s`);
  if (status !== 0) {
    await reportCoverage();
    console.error(`npm test: the ${name} tier failed (${signal ?? `exit ${status}`}); tier times: ${times.join(', ')}`);
    process.exit(status ?? 1);
  }
}
await reportCoverage();
console.log(`npm test: every tier passed; tier times: ${times.join(', ')}`);
