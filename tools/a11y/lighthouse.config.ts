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
  // Lighthouse signs in on its own pages: none of the e2e suite's saved sessions (its setup project).
  projects: (base.projects ?? [])
    .filter((project) => project.name !== 'setup')
    .map((project) => ({ ...project, dependencies: [] })),
});
