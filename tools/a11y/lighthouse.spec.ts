import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { PAGES } from '../e2e/tests/audited-pages';
import { DANA, signIn } from '../e2e/tests/shell-session';

/** Where `npm install lighthouse` was run (outside the workspace). */
const LIGHTHOUSE_DIR = process.env.LIGHTHOUSE_DIR ?? '/tmp/lh/node_modules/lighthouse';
const DEBUGGING_PORT = 9300 + (process.pid % 500);

/** Audited before signing in: the signed-out pages a URL alone reaches. */
const SIGNED_OUT_PAGES = PAGES.filter((entry) => entry.as === 'signed-out' && typeof entry.path === 'string');

/** Dana's pages that a URL reaches; those needing a click are CLICKED_PAGES, the super admin's are axe's alone. */
const SIGNED_IN_PAGES = PAGES.filter((entry) => entry.as === undefined && entry.setup === undefined);

/** The part of Lighthouse's result read here. */
interface LighthouseResult {
  audits: Record<string, unknown>;
  categories: { accessibility: { score: number | null } };
}

interface FailedAudit {
  id: string;
  details?: { items?: Array<{ node?: { snippet?: string; nodeLabel?: string; explanation?: string } }> };
}

/** A page of the axe spec that needs a click first; the functions run in the page. */
interface ClickedPage {
  name: string;
  path: string;
  /** True once the control to click is there. */
  ready: () => boolean;
  open: () => void;
  /** True once what the click opens is shown. */
  opened: () => boolean;
}

const CLICKED_PAGES: ClickedPage[] = [
  {
    name: 'records new-record form',
    path: '/modules/project/tasks?view=table',
    ready: () =>
      Array.from(document.querySelectorAll('main button')).some((node) => node.textContent === 'New Task'),
    open: () =>
      (
        Array.from(document.querySelectorAll('main button')).find(
          (node) => node.textContent === 'New Task',
        ) as HTMLButtonElement
      ).click(),
    opened: () => document.querySelector('[role="dialog"] form') !== null,
  },
  {
    name: 'CRM contact detail',
    path: '/modules/crm/contacts',
    ready: () =>
      Array.from(document.querySelectorAll('main button')).some((node) => node.textContent?.includes('@')),
    open: () =>
      (
        Array.from(document.querySelectorAll('main button')).find((node) =>
          node.textContent?.includes('@'),
        ) as HTMLButtonElement
      ).click(),
    opened: () => document.querySelector('[aria-label="Contact details"]') !== null,
  },
];

interface Score {
  page: string;
  path: string;
  score: number | null;
  failed: string[];
}

test('Lighthouse accessibility is 100 on the shell, CRM and generated module pages', async ({ baseURL }) => {
  test.setTimeout(45 * 60_000);
  const lighthouseModule = await import(join(LIGHTHOUSE_DIR, 'core', 'index.js'));
  const lighthouse = lighthouseModule.default;
  const desktop = (await import(join(LIGHTHOUSE_DIR, 'core', 'config', 'desktop-config.js'))).default;
  const scores: Score[] = [];
  const record = (name: string, path: string, lhr: LighthouseResult | undefined) => {
    const failedAudits = Object.values(lhr?.audits ?? {}).filter(
      (audit) => (audit as { score: number | null }).score === 0,
    ) as FailedAudit[];
    for (const audit of failedAudits) {
      for (const item of audit.details?.items ?? [])
        console.log(
          `  ${audit.id}: ${item.node?.snippet ?? ''} "${item.node?.nodeLabel ?? ''}" ${item.node?.explanation ?? ''}`,
        );
    }
    const raw = lhr?.categories.accessibility.score ?? null;
    const score = raw === null ? null : Math.round(raw * 100);
    const failed = failedAudits.map((audit) => audit.id);
    scores.push({ page: name, path, score, failed });
    console.log(`${name} (${path}): ${score ?? 'no score'} ${failed.join(', ')}`);
  };

  // A persistent context is the browser's default one: the tabs Lighthouse opens share its cookies.
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'tessera-lh-')), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    baseURL,
    args: [`--remote-debugging-port=${DEBUGGING_PORT}`, '--no-sandbox', '--disable-gpu'],
  });
  const page = await context.newPage();
  // LIGHTHOUSE_PAGES=clicked: only the pages that need a click (a quicker check of those).
  const byUrl = process.env.LIGHTHOUSE_PAGES === 'clicked' ? [] : [...SIGNED_OUT_PAGES, ...SIGNED_IN_PAGES];
  if (byUrl.length === 0) await signIn(page, DANA);
  for (const entry of byUrl) {
    if (entry === SIGNED_IN_PAGES[0]) await signIn(page, DANA);
    const path = typeof entry.path === 'string' ? entry.path : await entry.path(page);
    const result = await lighthouse(
      `${baseURL}${path}`,
      {
        port: DEBUGGING_PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['accessibility'],
        disableStorageReset: true,
        maxWaitForLoad: 90_000,
      },
      desktop,
    );
    record(entry.name, path, result?.lhr);
  }

  // What needs a click first: Lighthouse's snapshot mode on a tab that puppeteer (Lighthouse's own driver) opened in
  // the same browser and clicked through.
  const puppeteerPath = createRequire(join(LIGHTHOUSE_DIR, 'package.json')).resolve('puppeteer-core');
  const puppeteer = (await import(puppeteerPath)).default;
  const driver = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${DEBUGGING_PORT}`,
    defaultViewport: null,
  });
  for (const entry of CLICKED_PAGES) {
    const tab = await driver.newPage();
    await tab.setViewport({ width: 1350, height: 940 });
    await tab.goto(`${baseURL}${entry.path}`, { waitUntil: 'load', timeout: 90_000 });
    await tab.waitForFunction(entry.ready, { timeout: 60_000 });
    await tab.evaluate(entry.open);
    await tab.waitForFunction(entry.opened, { timeout: 60_000 });
    // Past the panel's slide-in: mid-animation colours are half transparent.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const result = await lighthouseModule.snapshot(tab, {
      config: desktop,
      flags: { onlyCategories: ['accessibility'] },
    });
    record(entry.name, entry.path, result?.lhr);
    await tab.close();
  }
  await driver.disconnect();
  await context.close();

  const dir = join(__dirname, '.test-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'lighthouse.json'), `${JSON.stringify(scores, null, 2)}\n`);
  expect(scores.filter((entry) => entry.score !== 100)).toEqual([]);
});
