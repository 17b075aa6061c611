import { defineConfig } from '@playwright/test';
import base from '../e2e/playwright.config';

// Lighthouse's accessibility audit over the pages of the axe spec (docs/accessibility.md), against the
// same production build and seeded database as the e2e suite. Not part of `npm test`: Lighthouse is
// installed outside the workspace (LIGHTHOUSE_DIR) and a run takes minutes. `npm run a11y:lighthouse`.
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: ['lighthouse.spec.ts'],
  globalSetup: '../e2e/global-setup.ts',
  outputDir: './.test-results/artifacts',
  workers: 1,
  retries: 0,
  reporter: [['list']],
});
