import { defineConfig } from '@playwright/test';
import { SEEN_ANNOUNCEMENTS_STATE } from './support/seenAnnouncements';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // The suites change the one registry the server has, so they run one after another.
  workers: 1,
  fullyParallel: false,
  // One retry, so a test that failed once on a loaded machine and then passed is reported as flaky
  // (the list reporter prints it) instead of sinking the run; a test that fails twice fails it.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
    // A returning visitor: the current announcements are already closed (global-setup.ts writes it).
    storageState: SEEN_ANNOUNCEMENTS_STATE,
    // The service worker would fetch every area's boot files beside each test on 2 cores; its own
    // spec allows it (service-worker.spec.ts), the rest of the suite tests the page without it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
    trace: 'off',
  },
});
