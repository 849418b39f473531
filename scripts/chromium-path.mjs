// Finds a Chromium for the browser tests without hard-coding one machine's layout:
// $CHROMIUM_PATH, then the system's Chromium or Chrome, then Playwright's own download.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright';

const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** @returns {{path: string, source: string} | undefined} */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? { path: fromEnv, source: 'CHROMIUM_PATH' } : undefined;
  const system = SYSTEM_BROWSERS.find((file) => existsSync(file));
  if (system) return { path: system, source: 'system' };
  const own = chromium.executablePath();
  return own && existsSync(own) ? { path: own, source: 'playwright' } : undefined;
}

/** Flags for a headless Chromium on a closed network (no sandbox as root, no background calls home). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
