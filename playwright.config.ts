import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium-path.mjs';

const browser = findChromium();

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 30_000,
  // On CI one retry: stop 42's CI failed in this tier once, in a run whose log kept no line of it,
  // and four runs here beside the integration tier passed. A test that passes on its retry is
  // reported as flaky with its first error, and npm test prints that again at its end.
  retries: process.env['CI'] ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  // The relay's dist/ runs as Node loads it, not re-transpiled: its coverage (npm test, issue #37)
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
