import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium-path.mjs';

const browser = findChromium();

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 30_000,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    launchOptions: {
      args: CHROMIUM_ARGS,
      // Playwright's own download needs no path; a system browser does.
      ...(browser && browser.source !== 'playwright' ? { executablePath: browser.path } : {}),
    },
  },
});
