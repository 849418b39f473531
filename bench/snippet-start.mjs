// The main-thread work a page pays as it loads the snippet, beside Plausible's tracker (the npm
// package plausible-tracker, bundled as a script tag would run it: its module and its first
// pageview) in the same Chromium run. Each tracker runs in a fresh browser context (a first visit:
// no cookie, no storage) on a product page whose stub queued one `viewProduct`, as an inline script
// inserted into the loaded page. Chromium's performance timeline (a trace) times the script's
// evaluation, its compilation and run: `tdur`, the main thread's own time, the figure compared,
// since a loaded machine stretches the wall time (`dur`, also kept) with waits that are no work of
// the script's. The snippet's start, which it leaves to idle time, is timed apart (the trace's
// `FireIdleCallback`): work the page no longer waits for, but still done.
// `node bench/snippet-start.mjs [--runs 21] [--bundle dist/shopbeacon.js]`; `--bundle` other than the
// built one measures that file and writes no results.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium-path.mjs';
import { writeResults } from './results-file.mjs';
import { writeDocFigures } from './results-table.mjs';
import { spread } from './spread.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const RUNS = Number(option('runs', 21));
const BUILT = 'dist/shopbeacon.js';
const BUNDLE = option('bundle', BUILT);
const SHOP = 'https://shop.test';

/** The product page both trackers load on: the snippet's stub with a queued `viewProduct`. */
const PAGE = `<!doctype html><html><head><title>Tee</title>
<script>window.shopbeacon=window.shopbeacon||function(){(shopbeacon.q=shopbeacon.q||[]).push(arguments)};
shopbeacon('viewProduct',{product_id:7,name:'Tee',price:19.9,currency:'EUR'});</script></head><body><h1>Tee</h1></body></html>`;

/** Plausible's npm tracker as a page's script: set up, then the first pageview, which is what its script tag does at load. */
async function plausibleScript() {
  const entry = `import Plausible from 'plausible-tracker';
Plausible({ domain: 'shop.test', apiHost: '${SHOP}' }).enableAutoPageviews();`;
  const bundled = await build({
    stdin: { contents: entry, resolveDir: process.cwd() },
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
  });
  return bundled.outputFiles[0].text;
}

/** The one complete trace event named `name` (the inserted script is on line 1), as `{ wallMs, threadMs }`. */
function traced(events, name) {
  const found = events.filter(
    (event) =>
      event.name === name && event.ph === 'X' && (name !== 'EvaluateScript' || event.args?.data?.lineNumber === 1),
  );
  if (found.length > 1) throw new Error(`expected one ${name} of the inserted script, found ${found.length}`);
  return found[0] && { wallMs: found[0].dur / 1000, threadMs: found[0].tdur / 1000 };
}

/**
 * Runs `source` as an inline script in a fresh context's page, traced until its idle callback (if it
 * asked for one) has run; resolves to the evaluation's times and the idle callback's.
 */
async function timeScript(browser, source) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route('**/*', (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({ contentType: 'text/html', body: PAGE })
      : route.fulfill({ status: 202, body: '' }),
  );
  await page.goto(`${SHOP}/products/tee`);
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const askedIdle = await page.evaluate((code) => {
    const idle = window.requestIdleCallback;
    window.idleAsked = 0;
    window.requestIdleCallback = (callback, options) => (
      (window.idleAsked += 1),
      idle((deadline) => (callback(deadline), (window.idleDone = 1)), options)
    );
    const script = window.document.createElement('script');
    script.dataset.endpoint = '/sb/collect';
    script.textContent = code;
    window.document.head.append(script);
    return window.idleAsked > 0;
  }, source);
  if (askedIdle) await page.waitForFunction(() => window.idleDone);
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
  await context.close();
  const evaluation = traced(traceEvents, 'EvaluateScript');
  if (!evaluation) throw new Error('the trace has no EvaluateScript for the inserted script');
  return { evaluation, idle: askedIdle ? traced(traceEvents, 'FireIdleCallback') : undefined };
}

const found = findChromium();
const browser = await chromium.launch({
  args: CHROMIUM_ARGS,
  ...(found && found.source !== 'playwright' ? { executablePath: found.path } : {}),
});
const snippet = readFileSync(BUNDLE, 'utf8');
const plausible = await plausibleScript();
const runs = { snippet: [], idle: [], plausible: [] };
try {
  for (let i = 0; i < RUNS; i++) {
    // Interleaved, the first of each pair alternating: a slower moment of the machine falls on both.
    const pair = [
      async () => {
        const { evaluation, idle } = await timeScript(browser, snippet);
        runs.snippet.push(evaluation);
        if (idle) runs.idle.push(idle);
      },
      async () => runs.plausible.push((await timeScript(browser, plausible)).evaluation),
    ];
    for (const run of i % 2 ? pair.reverse() : pair) await run();
  }
} finally {
  await browser.close();
}
const ms = (values) => {
  const s = spread(values);
  return { median: +s.median.toFixed(3), min: +s.min.toFixed(3), max: +s.max.toFixed(3) };
};
const figures = (times) =>
  times.length ? { threadMs: ms(times.map((t) => t.threadMs)), wallMs: ms(times.map((t) => t.wallMs)) } : undefined;
const start = {
  runs: RUNS,
  chromium: browser.version(),
  load: figures(runs.snippet),
  idleStart: figures(runs.idle),
  plausibleLoad: figures(runs.plausible),
};
console.log(JSON.stringify({ bundle: BUNDLE, ...start }));
if (BUNDLE === BUILT && !process.argv.includes('--no-write')) {
  writeResults('snippet-start', { start });
  writeDocFigures();
}
