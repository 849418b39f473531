// Time spent in the snippet's own code in Chromium: evaluating the bundle, then 100 track calls.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium-path.mjs';

const found = findChromium();
const browser = await chromium.launch({ args: CHROMIUM_ARGS, ...(found && found.source !== 'playwright' ? { executablePath: found.path } : {}) });
const code = readFileSync('dist/shopbeacon.js', 'utf8');
const runs = [];
for (let i = 0; i < 11; i++) {
  const page = await browser.newPage();
  await page.route('**/*', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>cost</title>' }));
  await page.goto('http://127.0.0.1:9/');
  runs.push(await page.evaluate((source) => {
    const t0 = performance.now();
    (0, eval)(source);
    const t1 = performance.now();
    for (let n = 0; n < 100; n++) window.shopbeacon('track', 'Bench', { n });
    const t2 = performance.now();
    return { load: t1 - t0, calls: t2 - t1 };
  }, code));
  await page.close();
}
await browser.close();
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(JSON.stringify({ loadMs: median(runs.map((r) => r.load)), callsMs: median(runs.map((r) => r.calls)) }));
