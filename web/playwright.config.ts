import { defineConfig } from '@playwright/test';

/** End-to-end tests in Debian's Chromium against the real stack (see e2e/global-setup.ts).
 * Nothing is downloaded and nothing beyond loopback is reached. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // The screens' baselines (screens.spec.ts, screens-user.spec.ts), committed: one file per screen and width.
  snapshotPathTemplate: '{testDir}/screenshots/{testFileName}/{arg}{ext}',
  expect: {
    timeout: 10_000,
    toHaveScreenshot: {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      // What changes from run to run (dates, countdowns, other tests' reviews) is hidden.
      stylePath: './e2e/support/screenshot.css',
      // Runs render the same pixels (Playwright's colour threshold of 0.2 per pixel stays): a price
      // of 50 ₽ turned into 60 ₽ changes only 18 pixels beyond that threshold, so none may differ.
      maxDiffPixels: 0,
    },
  },
  reporter: [['list']],
  use: {
    // Set by the global setup before the workers start.
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    headless: true,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
