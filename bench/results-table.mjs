// The table of `npm run bench`, from a run's results, and every paragraph of bench/README.md and
// docs/ that states a bench's figures: written between their markers after each run, and checked
// by lint (`--check`), so the pages state the figures the benches gave and no others. The
// snippet's size is what is built now, not a measurement of the run: without a build as new as the
// snippet's sources, lint compares the rest and says which build it passed over.
import { readFileSync, writeFileSync } from 'node:fs';
import { deliveryRows } from './delivery-rows.mjs';
import { ingestRows, listingRows } from './ingest-rows.mjs';
import { latencyRows } from './latency-rows.mjs';
import { redisRows } from './redis-rows.mjs';
import { sustainedRow } from './sustained-rate.mjs';
import { HARD_LIMIT, measure } from '../scripts/size.mjs';
import { SNIPPET_SOURCES, buildState } from '../scripts/build-freshness.mjs';
import { soakSummary } from './soak-summary.mjs';
import { readResults } from './results-file.mjs';
import {
  dedupeDiskParagraph,
  dedupeRedisParagraph,
  dedupeSizing,
  growthParagraph,
  outageParagraph,
  snippetStartParagraph,
  sweepParagraph,
  windowSoakSentence,
} from './stated-figures.mjs';

const fmt = (n, digits = 0) =>
  n === undefined || Number.isNaN(n)
    ? '—'
    : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pct = (a, b) => `${Math.round((100 * a) / b)} %`;

/** The Markdown table of a run's results. */
export function table(results) {
  const { size, ingest: i, delivery: d, importRun: im, cost } = results;
  // The run's own settings, where it recorded them: the table may be written long after it.
  const runs = results.runs ?? 3;
  const lines = [
    `Machine: ${results.machine}. ${runs} interleaved runs of ${results.seconds ?? 5} s per ingest row, median (min–max); 50 connections (the latency rows: open loop at fixed rates); service latency 20 ms behind relay and nginx.`,
    '',
    '| measure | shopbeacon | baseline | ratio / target |',
    '|---|---|---|---|',
    `| snippet gzip -9 | ${fmt(size.bundle.gzip)} B (stub ${size.stub.gzip} B) | Plausible 2,694 · Umami 2,230 · Snowplow 17,402 · Segment 31,294 · PostHog 121,980 B | limit ${fmt(HARD_LIMIT)} B ${size.bundle.gzip <= HARD_LIMIT ? 'met' : 'missed'} |`,
    ...ingestRows(i.rows, runs),
    ...(i.listing ? listingRows(i.listing, i.listing.runs ?? runs) : []),
    sustainedRow(i.sustained, i.undici),
    ...(i.latency
      ? latencyRows(i.latency.rows, i.latency.runs)
      : ['| client latency against nginx | — | nginx could not be installed: rows skipped | — |']),
    ...(results.redis
      ? redisRows(results.redis, runs)
      : ['| ingest with Redis | — | redis-server not installed: rows skipped | — |']),
    ...deliveryRows(d),
    `| import 200,000 CSV rows (100,000 orders) | ${fmt(im.ordersPerSecond)} orders/s, ${im.seconds} s, peak RSS ${im.peakMb} MB | — | — |`,
    `| snippet in Chromium: load + 100 track calls (median of ${cost.runs} pages, min–max) | ${fmt(cost.loadMs, 2)} ms + ${fmt(cost.callsMs, 2)} ms = ${fmt(cost.totalMs.median, 2)} ms (${fmt(cost.totalMs.min, 1)}–${fmt(cost.totalMs.max, 1)}); ${fmt(cost.perCallUs, 0)} µs per call | one frame: 16.7 ms | ${cost.totalMs.median <= 16.7 ? 'met' : 'missed'}: ${pct(cost.totalMs.median, 16.7)} of a frame |`,
  ];
  return lines.join('\n');
}

const README = 'bench/README.md';
const LATEST = 'bench/results/latest.json';
const SOAK = 'bench/results/soak-latest.json';
const WINDOW_SOAK = 'bench/results/soak-window-1h.json';
const BUILT = 'dist/shopbeacon.js';
/** The bundle whose size the pages state, read once: its figures count only when it is as new as its sources. */
const built = buildState(BUILT, SNIPPET_SOURCES);

/** The run's table, headed by its dates. */
function tableText() {
  const results = JSON.parse(readFileSync(LATEST, 'utf8'));
  const size = built.fresh ? { stub: measure('snippet/stub.js'), bundle: measure(BUILT) } : results.size;
  const later = [
    ['listing rows', results.listingDate],
    ['latency rows', results.latencyDate],
  ].flatMap(([rows, date]) => (date ? [`; ${rows} ${date.slice(0, 10)}`] : []));
  const dates = `Full run ${results.date.slice(0, 10)}${later.join('')}; the snippet's size as built.`;
  return `${dates} ${table({ ...results, size })}`;
}

/**
 * Where the content between `<!-- bench:name:start -->` and its end marker (each a line of its own)
 * begins and ends.
 */
function sectionBounds(text, file, name) {
  const [start, end] = [`<!-- bench:${name}:start -->\n`, `<!-- bench:${name}:end -->`];
  const [from, to] = [text.indexOf(start), text.indexOf(end)];
  if (from < 0 || to < from) throw new Error(`${file} lacks the markers ${start.trim()} … ${end}`);
  return { from: from + start.length, to };
}

/** What stands between a page's markers now, without its last line break. */
function sectionOf(text, file, name) {
  const { from, to } = sectionBounds(text, file, name);
  return text.slice(from, Math.max(from, to - 1));
}

/** `text` with what stands between a section's markers replaced by `content`. */
function withSection(text, file, name, content) {
  const { from, to } = sectionBounds(text, file, name);
  return `${text.slice(0, from)}${content}\n${text.slice(to)}`;
}

const soak = () => soakSummary(JSON.parse(readFileSync(SOAK, 'utf8')));
const windowSoak = () => windowSoakSentence(JSON.parse(readFileSync(WINDOW_SOAK, 'utf8')));

/** Each page's generated paragraphs: the marker's name and what stands there. */
const SECTIONS = {
  [README]: {
    table: tableText,
    soak,
    growth: () => growthParagraph(readResults('growth')),
    outage: () => outageParagraph(readResults('outage')),
    'snippet-start': () => snippetStartParagraph(readResults('snippet-start')),
    sweep: () => sweepParagraph(readResults('growth')),
    'dedupe-redis': () => dedupeRedisParagraph(readResults('dedupe')),
    'dedupe-disk': () => dedupeDiskParagraph(readResults('dedupe')),
    'window-soak': windowSoak,
  },
  'docs/operations.md': { 'dedupe-sizing': () => dedupeSizing(readResults('dedupe')) },
  'docs/snippet.md': { 'snippet-size': snippetSize },
};

/** docs/snippet.md's sizes, as built (the page's own text when nothing is built). */
function snippetSize(page) {
  if (!built.fresh) return sectionOf(page, 'docs/snippet.md', 'snippet-size');
  const [bundle, stub] = [measure(BUILT), measure('snippet/stub.js')];
  return `\`dist/shopbeacon.js\`: ${bundle.gzip.toLocaleString('en-US')} B gzip -9 as built, with every feature below (the build fails above ${HARD_LIMIT.toLocaleString('en-US')} B); the stub \`snippet/stub.js\` ${stub.gzip} B.`;
}

/** The page with every paragraph the results give between its markers. */
function pageWithFigures(file) {
  const sections = Object.entries(SECTIONS[file]);
  const page = readFileSync(file, 'utf8');
  return sections.reduce((text, [name, content]) => withSection(text, file, name, content(page)), page);
}

export const writeDocFigures = () => {
  for (const file of Object.keys(SECTIONS)) writeFileSync(file, pageWithFigures(file));
};

/** The lines stating the snippet's size: README.md's table row, docs/snippet.md's sentence. */
const SIZE_LINE = /^(\| snippet gzip|`dist\/shopbeacon\.js`: )/;

/** Each page's first line that differs from what the results give (the size row left out without a fresh build). */
function drift() {
  const keep = (line) => built.fresh || !line.startsWith('| snippet gzip');
  return Object.keys(SECTIONS).flatMap((file) => {
    const expected = pageWithFigures(file).split('\n').filter(keep);
    const actual = readFileSync(file, 'utf8').split('\n').filter(keep);
    const first = expected.find((line, i) => line !== actual[i]);
    return first === undefined ? [] : [{ file, first }];
  });
}

/** Names the pages stating another snippet size than the one built, as new as its sources (for `npm run size`). */
function sayStatedSize() {
  const sizeLines = (text) => text.split('\n').filter((line) => SIZE_LINE.test(line));
  const pages = Object.keys(SECTIONS).filter(
    (file) => built.fresh && sizeLines(pageWithFigures(file)).join() !== sizeLines(readFileSync(file, 'utf8')).join(),
  );
  if (pages.length > 0)
    console.log(
      `${pages.join(' and ')} ${pages.length > 1 ? 'state' : 'states'} another size than this build's: run \`node bench/results-table.mjs\` to write it (lint checks it)`,
    );
}

/** Checks the pages against the results: exits 1 naming each page's first line that differs. */
function check() {
  console.log(
    built.fresh
      ? `the snippet's size: checked against ${built.says}`
      : `the snippet's size: not checked, ${built.says} (\`npm run size\` builds and measures it)`,
  );
  const drifted = drift();
  if (drifted.length === 0)
    return console.log(`✔ the figures in ${Object.keys(SECTIONS).join(' and ')} are bench/results/'s`);
  for (const { file, first } of drifted)
    console.error(
      `${file}'s figures are not bench/results/'s${built.fresh ? ` and ${BUILT}'s` : ''}: run \`node bench/results-table.mjs\` (first differing line: ${first.slice(0, 120)})`,
    );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--check')) check();
  else if (process.argv.includes('--stated-size')) sayStatedSize();
  else writeDocFigures();
}
