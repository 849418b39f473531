// Makes sure the browser tests have a Chromium; installs one when none is found, saying how.
import { execSync } from 'node:child_process';
import { findChromium } from './chromium-path.mjs';
import { canInstallFromDebian, installFromDebian } from './debian-install.mjs';

function run(command) {
  console.log(`$ ${command}`);
  execSync(command, { stdio: 'inherit' });
}

const found = findChromium();
if (found) {
  console.log(`browser tests use ${found.path} (${found.source})`);
  process.exit(0);
}
if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, which does not exist.`);
  process.exit(1);
}
if (canInstallFromDebian()) {
  installFromDebian(['chromium'], 'No Chromium found (about a minute)');
} else {
  console.log("No Chromium found: downloading Playwright's Chromium (npx playwright install chromium).");
  run('npx playwright install chromium');
}
const installed = findChromium();
if (!installed) {
  console.error('Chromium could not be installed; set CHROMIUM_PATH to a Chromium or Chrome binary.');
  process.exit(1);
}
console.log(`browser tests use ${installed.path}`);
