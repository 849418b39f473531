// `npm run fuzz`: every fuzz target of test/fuzz/ driven by fast-check for its share of a time
// budget, under c8 so each reports the branch coverage it reached of the code under it.
//   npm run fuzz                       10 minutes in all (2 per target)
//   npm run fuzz -- --seconds 30       30 s per target (what CI runs)
// Writes bench/results/fuzz-latest.json; a failing input lands in test/fuzz/crashes/ and the exit is 1.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/** The code each target stands in front of: what its coverage is counted over. */
const TARGETS = {
  'collect-body': [
    'relay/collect/collect-body.ts',
    'relay/collect/collect-event.ts',
    'relay/collect/collect-time.ts',
    'relay/collect/event-time.ts',
    'relay/collect/helper-event.ts',
    'relay/collect/attribute-fields.ts',
    'relay/contract/validate.ts',
    'relay/contract/timestamp.ts',
  ],
  'webhook-mappings': [
    'relay/platforms/*/*-order.ts',
    'relay/platforms/*/*-product.ts',
    'relay/platforms/*/*-status.ts',
    'relay/platforms/platform-values.ts',
    'relay/platforms/mapping.ts',
    'relay/pipeline/check-record.ts',
  ],
  timestamp: ['relay/contract/timestamp.ts'],
  'csv-row': ['relay/import/csv-coerce.ts'],
  'platform-pages': ['relay/platforms/*/*-pages.ts', 'relay/platforms/*/*-shapes.ts', 'relay/platforms/*/*-time.ts'],
};

const { values } = parseArgs({ options: { seconds: { type: 'string' }, minutes: { type: 'string' } } });
const names = Object.keys(TARGETS);
const perTarget = values.seconds ? Number(values.seconds) : (Number(values.minutes ?? 10) * 60) / names.length;
if (!(perTarget > 0)) {
  console.error('fuzz: `--seconds` (per target) or `--minutes` (in all) must be a positive number');
  process.exit(2);
}

function runTarget(name) {
  const reports = mkdtempSync(join(tmpdir(), `sb-fuzz-${name}-`));
  const include = TARGETS[name].flatMap((glob) => ['--include', glob]);
  const c8 = [
    'node_modules/c8/bin/c8.js',
    '--reporter=json-summary',
    '--reports-dir',
    reports,
    '--temp-directory',
    join(reports, 'tmp'),
    ...include,
    process.execPath,
    '--import',
    'tsx',
    'test/fuzz/drive.ts',
    name,
    String(perTarget),
  ];
  const run = spawnSync(process.execPath, c8, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const line = run.stdout
    .trim()
    .split('\n')
    .find((l) => l.startsWith('{"target"'));
  const result = line
    ? JSON.parse(line)
    : {
        target: name,
        failed: true,
        error: `the driver did not report (exit ${run.status}): ${run.stderr.slice(-400)}`,
      };
  const summary = JSON.parse(readFileSync(join(reports, 'coverage-summary.json'), 'utf8')).total;
  return { ...result, branches: summary.branches, lines: summary.lines };
}

const results = names.map((name) => {
  process.stderr.write(`fuzz: ${name} for ${perTarget} s…\n`);
  return runTarget(name);
});
console.log('target             executions   per s   branches covered        lines   found');
for (const r of results) {
  const branches = `${r.branches.covered}/${r.branches.total} (${r.branches.pct} %)`;
  console.log(
    `${r.target.padEnd(18)} ${String(r.executions ?? 0).padStart(10)} ${String(r.perSecond ?? 0).padStart(7)}   ${branches.padEnd(22)} ${String(r.lines.pct).padStart(5)} %   ${r.failed ? `${r.crash ?? ''} ${r.error}` : 'nothing'}`,
  );
}
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/fuzz-latest.json',
  `${JSON.stringify({ secondsPerTarget: perTarget, node: process.version, results }, null, 2)}\n`,
);
process.exitCode = results.some((r) => r.failed) ? 1 : 0;
