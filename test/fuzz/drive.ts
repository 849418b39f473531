// Drives one fuzz target with fast-check for a time budget, seeded from its corpus:
//   node --import tsx test/fuzz/drive.ts <target> <seconds> [seed]
// Prints one JSON line (executions, per second, failure). A failing input is written to
// test/fuzz/crashes/<target>-<hash>, which the unit suite then replays for good.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { FUZZ_DIR, TARGETS, corpusFiles, loadTarget, read, type TargetName } from './corpus.js';
import { inputsFrom } from './mutations.js';

const [name, secondsText = '30', seedText] = process.argv.slice(2);
if (!TARGETS.includes(name as TargetName)) {
  console.error(`fuzz: unknown target ${JSON.stringify(name)}; targets: ${TARGETS.join(', ')}`);
  process.exit(2);
}
const target = name as TargetName;
const fuzz = await loadTarget(target);
const seeds = corpusFiles(target).map((file) => read(file).toString('utf8'));
const kind = target === 'timestamp' || target === 'csv-row' ? 'text' : 'json';
let executions = 0;
const started = performance.now();
const result = fc.check(
  fc.property(inputsFrom(seeds, kind), (data) => {
    executions += 1;
    fuzz(data);
  }),
  {
    numRuns: Number.MAX_SAFE_INTEGER,
    interruptAfterTimeLimit: Number(secondsText) * 1000,
    ...(seedText ? { seed: Number(seedText) } : {}),
  },
);
const seconds = (performance.now() - started) / 1000;
let crash: string | undefined;
if (result.failed && result.counterexample) {
  const [data] = result.counterexample as [Buffer];
  crash = join(FUZZ_DIR, 'crashes', `${target}-${createHash('sha1').update(data).digest('hex').slice(0, 12)}`);
  writeFileSync(crash, data);
}
const error = result.failed
  ? String((result.errorInstance as Error | undefined)?.message ?? 'failed').slice(0, 400)
  : undefined;
console.log(
  JSON.stringify({
    target,
    executions,
    seconds: +seconds.toFixed(1),
    perSecond: Math.round(executions / seconds),
    seed: result.seed,
    failed: result.failed,
    crash,
    error,
  }),
);
process.exitCode = result.failed ? 1 : 0;
