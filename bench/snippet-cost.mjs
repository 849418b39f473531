// Time spent in the snippet's own code in Chromium: evaluating the bundle, then 100 track calls.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium-path.mjs';

const found = findChromium();
const browser = await chromium.launch({
  args: CHROMIUM_ARGS,
  ...(found && found.source !== 'playwright' ? { executablePath: found.path } : {}),
});
const code = readFileSync('dist/shopbeacon.js', 'utf8');
const runs = [];
for (let i = 0; i < 11; i++) {
  const page = await browser.newPage();
  await page.route('**/*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>cost</title>' }),
  );
  await page.goto('http://127.0.0.1:9/');
  runs.push(
    await page.evaluate((source) => {
      const t0 = performance.now();
      (0, eval)(source);
      const t1 = performance.now();
      for (let n = 0; n < 100; n++) window.shopbeacon('track', 'Bench', { n });
      const t2 = performance.now();
      return { load: t1 - t0, calls: t2 - t1 };
    }, code),
  );
  await page.close();
}
await browser.close();
const sorted = (values) => [...values].sort((a, b) => a - b);
const summary = (values) => {
  const s = sorted(values);
  return { median: s[Math.floor(s.length / 2)], min: s[0], max: s.at(-1) };
};
const load = summary(runs.map((r) => r.load));
const calls = summary(runs.map((r) => r.calls));
const total = summary(runs.map((r) => r.load + r.calls));
// Medians of 11 fresh pages, with the spread (min–max) across them; per call = the 100 calls / 100.
console.log(
  JSON.stringify({
    loadMs: load.median,
    callsMs: calls.median,
    perCallUs: (calls.median * 1000) / 100,
    totalMs: total,
    runs: runs.length,
  }),
);
