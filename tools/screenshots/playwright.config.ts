import { defineConfig } from '@playwright/test';
import e2e from '../e2e/playwright.config';

/**
 * `npm run screenshots` (after a build): the audited pages at three sizes, written to one folder
 * (screenshots/, or SCREENSHOTS_DIR) and named by page and size, for a reviewer to look through.
 * The same server as the e2e suite (a fresh database with the demo data); nothing is compared.
 */
export default defineConfig({
  ...e2e,
  testDir: '.',
  testMatch: 'screenshots.spec.ts',
  globalSetup: '../e2e/global-setup.ts',
  outputDir: '../e2e/.test-results/screenshots-artifacts',
  reporter: [['list']],
  retries: 0,
});
