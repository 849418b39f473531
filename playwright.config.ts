import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium-path.mjs';

const browser = findChromium();

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  // Names the builds the tests read, and refuses to test one older than its sources.
  globalSetup: './test/e2e/support/fresh-builds.ts',
  fullyParallel: false,
  // Two files at a time: the browser tests mostly wait on timers and answers, not on the cores.
  workers: 2,
  timeout: 30_000,
  // No retry: a test that fails only on a loaded machine is a defect of the test, to be fixed.
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  // The relay's dist/ runs as Node loads it, not re-transpiled: its coverage (npm run coverage)
  // then matches the other tiers' and maps back to relay/*.ts through tsc's source maps.
  build: { external: ['**/dist/**'] },
  use: {
    browserName: 'chromium',
    launchOptions: {
      args: CHROMIUM_ARGS,
      // Playwright's own download needs no path; a system browser does.
      ...(browser && browser.source !== 'playwright' ? { executablePath: browser.path } : {}),
    },
  },
});
