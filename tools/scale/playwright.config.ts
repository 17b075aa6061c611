import { defineConfig } from '@playwright/test';
import base from '../e2e/playwright.config';

// A few of the e2e journeys, run by tools/scale/run.mjs against two API processes behind nginx
// (SCALE_BASE_URL): requests alternate between the processes, live updates cross them.
const baseURL = process.env.SCALE_BASE_URL;
if (!baseURL) throw new Error('SCALE_BASE_URL is not set: run this through npm run test:scale');

export default defineConfig({
  ...base,
  testDir: '../e2e/tests',
  testMatch: ['shell-sign-in.spec.ts', 'crm-pipeline.spec.ts', 'live-updates.spec.ts'],
  globalSetup: undefined,
  outputDir: './.test-results/artifacts',
  retries: 0,
  reporter: [['list'], ['json']],
  use: { ...base.use, baseURL },
});
