import { readFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium-path.mjs';
const found = findChromium();
const browser = await chromium.launch({ args: CHROMIUM_ARGS, executablePath: found.path });
const code = readFileSync('dist/shopbeacon.js', 'utf8');
for (let i = 0; i < 5; i++) {
  const page = await browser.newPage();
  await page.route('**/*', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>cost</title>' }));
  await page.goto('http://127.0.0.1:9/');
  console.log(await page.evaluate((source) => {
    const r = {};
    let t = performance.now(); document.cookie; r.cookieRead = performance.now() - t;
    t = performance.now(); localStorage.getItem('x'); r.lsRead = performance.now() - t;
    window.shopbeacon = { sb: 1 };
    t = performance.now(); (0, eval)(source); r.compileOnly = performance.now() - t;
    delete window.shopbeacon;
    t = performance.now(); (0, eval)(source); r.load = performance.now() - t;
    return JSON.stringify(r);
  }, code));
  await page.close();
}
await browser.close();
