import { defineConfig, devices } from '@playwright/test';

// The main process picks the port once; workers inherit it through the environment. Below Linux's
// ephemeral range (32768–60999): a port there can be held by any outgoing connection of the moment
// (a test run once failed to start with EADDRINUSE on 46830), and above the machine's services.
process.env.E2E_PORT ??= String(10000 + (process.pid % 10000));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './tests',
  outputDir: './.test-results/artifacts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  // One retry everywhere: a journey that fails twice is a failure; one that passes on its retry is reported flaky.
  retries: 1,
  // A journey of several screens on a 2-core runner busy with two browsers can pass a minute.
  timeout: 120_000,
  // First loads of a remote on a 2-core runner busy with two browsers can take longer than 10 s.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: './.test-results/results.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        // Shared memory in /tmp, not /dev/shm: a container's /dev/shm may be 64 MB, too small for two browsers
        // (tabs that cannot open, scripts that never answer).
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
});
