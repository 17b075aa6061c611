import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium-launch.cjs';

// The main process picks the port once; workers inherit it through the environment. Below Linux's
// ephemeral range (32768–60999): a port there can be held by any outgoing connection of the moment
// (a test run once failed to start with EADDRINUSE on 46830), and above the machine's services.
process.env.E2E_PORT ??= String(10000 + (process.pid % 10000));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
// The sessions the setup project saves, one folder per run (git-ignored with .test-results).
process.env.E2E_AUTH_DIR ??= join(__dirname, '.test-results', 'auth', process.env.E2E_PORT);

export default defineConfig({
  testDir: './tests',
  outputDir: './.test-results/artifacts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  // No retries, here or in CI: a journey that fails on timing is fixed where it waits, not run again.
  retries: 0,
  // Journeys stay under 30 s on a 2-core machine; the rest is headroom for a machine shared with
  // other work, not a budget.
  timeout: 90_000,
  // How long a journey waits for what a person waits for (a heading, a row). A remote's first load in
  // a worker's context, on a 2-core machine shared with other work, has passed 15 s; a bound, not a
  // pause: a journey goes on as soon as the thing shows.
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: './.test-results/results.json' }]],
  use: {
    baseURL,
    // A failed journey keeps its trace (actions, DOM snapshots, network) but no filmstrip: the
    // filmstrip streams screen frames for every journey, failed or not, and the browser spent about
    // four times the CPU of the pages themselves producing and encoding them.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    // Signs each demo person in once through the form and saves the session (tests/auth.setup.ts).
    { name: 'setup', testMatch: /auth\.setup\.ts$/ },
    {
      name: 'chromium',
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
});
