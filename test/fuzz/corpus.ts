import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const FUZZ_DIR = 'test/fuzz';
export const TARGETS = ['collect-body', 'webhook-mappings', 'timestamp', 'csv-row', 'platform-pages'] as const;
export type TargetName = (typeof TARGETS)[number];

/** The target's `fuzz(data: Buffer)`, Jazzer.js's form, so the same file runs under Jazzer.js where its binary loads. */
export async function loadTarget(name: TargetName): Promise<(data: Buffer) => void> {
  return ((await import(`./targets/${name}.js`)) as { fuzz: (data: Buffer) => void }).fuzz;
}

const filesIn = (dir: string) => {
  try {
    return readdirSync(dir)
      .filter((f) => !f.startsWith('.'))
      .sort()
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
};

/** The seeds of a target: real payloads in `corpus/<target>/`. */
export const corpusFiles = (name: TargetName) => filesIn(join(FUZZ_DIR, 'corpus', name));

/** Inputs that once failed a target, kept as regressions: `crashes/<target>-<hash>`. */
export const crashFiles = (name: TargetName) =>
  filesIn(join(FUZZ_DIR, 'crashes')).filter((f) => f.split('/').at(-1)!.startsWith(`${name}-`));

export const read = (file: string) => readFileSync(file);
