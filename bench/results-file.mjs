// A bench's figures, kept in `bench/results/<name>-latest.json` for the paragraphs that state them
// (bench/README.md, docs/): each run replaces the rows it measured and keeps the others with their
// own dates, so measuring one row again does not leave the others' paragraph without its figures.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

export const resultsPath = (name) => `bench/results/${name}-latest.json`;

/** The results a bench last wrote, or `undefined` before its first run. */
export const readResults = (name) =>
  existsSync(resultsPath(name)) ? JSON.parse(readFileSync(resultsPath(name), 'utf8')) : undefined;

/** The earlier results with `rows` measured now: each row's date in `dates`. */
export function mergedResults(earlier, rows, date = new Date().toISOString()) {
  const dates = { ...earlier?.dates, ...Object.fromEntries(Object.keys(rows).map((row) => [row, date])) };
  return { ...earlier, ...rows, date, node: process.version, dates };
}

/** Writes `rows` into the bench's results, keeping the rows this run did not measure. */
export function writeResults(name, rows) {
  mkdirSync('bench/results', { recursive: true });
  const results = mergedResults(readResults(name), rows);
  writeFileSync(resultsPath(name), `${JSON.stringify(results, null, 2)}\n`);
  return results;
}
