import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { type A11yPage, PAGES } from './audited-pages';
import { closeOpenedContexts, DANA, openContext } from './shell-session';

/**
 * axe-core over every page of the shell, the CRM and a generated module (issue #18): no violation
 * of impact serious or critical. To check a new screen, add one entry to PAGES (audited-pages.ts).
 */

const SUPER_ADMIN = { email: 'admin@tessera.app', password: 'tessera-admin' };

// One sign-in per person and worker (hashing a password is slow on a busy machine); later pages
// start from its cookies.
const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();

// The browser lives as long as the worker: a page's contexts are closed after it, or their live
// screens pile up in the one browser until it cannot open another tab.
test.afterEach(closeOpenedContexts);

async function signedInPage(browser: Browser, as: A11yPage['as']): Promise<Page> {
  if (as === 'signed-out') {
    return (await openContext(browser)).newPage();
  }
  const user = as === 'super-admin' ? SUPER_ADMIN : DANA;
  const saved = sessions.get(user.email);
  const page = await (await openContext(browser, saved ? { storageState: saved } : {})).newPage();
  if (saved) return page;
  await page.goto('/signin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
  sessions.set(user.email, await page.context().storageState());
  return page;
}

/** Waits until the screen has drawn its data: a heading, and no loading spinner left. */
async function settled(page: Page): Promise<void> {
  // A page may take long to draw its data on a busy machine; the scan must see it drawn.
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 60_000 });
}

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}

function readable(
  violations: Array<{ id: string; impact?: string | null; help: string; nodes: AxeNode[] }>,
): string {
  return violations
    .map(
      (violation) =>
        `[${violation.impact}] ${violation.id}: ${violation.help}\n` +
        violation.nodes
          .map(
            (node) =>
              `    at ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n');
}

// Sign-in, the page's own loading and a full axe scan: more than the default minute on a busy machine.
// Every page is scanned on its own: they may run side by side.
test.describe.configure({ timeout: 180_000, mode: 'parallel' });

for (const entry of PAGES) {
  test(`${entry.name} has no serious or critical accessibility violation`, async ({ browser }) => {
    // The setup may need a signed-in page (an invitation link) even for a signed-out visit.
    const prepared = typeof entry.path === 'string' ? null : await signedInPage(browser, 'dana');
    const path = typeof entry.path === 'string' ? entry.path : await entry.path(prepared as Page);
    const page = prepared && !entry.as ? prepared : await signedInPage(browser, entry.as);
    await page.goto(path);
    await settled(page);
    if (entry.setup) {
      await entry.setup(page);
      await settled(page);
    }
    // label-content-name-mismatch is one of axe's experimental rules, off unless asked for; the
    // issue measured with it: a control's accessible name must contain its visible text.
    // The Outbox previews a message in a frame sandboxed without scripts; axe's run inside it sometimes never
    // answers (a 3-minute timeout, in CI and here). axe's `iframes: false` does not stop AxeBuilder from
    // entering frames, excluding them does. Such a frame's document is scanned below on a page of its own.
    const axeOptions = { rules: { 'label-content-name-mismatch': { enabled: true } } };
    const results = await new AxeBuilder({ page }).options(axeOptions).exclude('iframe[srcdoc]').analyze();
    const blocking = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    for (const framed of await page.locator('iframe[srcdoc]').all()) {
      // Excluded above, so axe's frame-title rule did not see it: a frame needs a name all the same.
      expect(await framed.getAttribute('title'), 'a framed preview has a title').toBeTruthy();
      const document = await framed.getAttribute('srcdoc');
      if (!document) continue;
      const framePage = await page.context().newPage();
      await framePage.setContent(document);
      const frameResults = await new AxeBuilder({ page: framePage }).options(axeOptions).analyze();
      blocking.push(
        ...frameResults.violations.filter(
          (violation) => violation.impact === 'serious' || violation.impact === 'critical',
        ),
      );
      await framePage.close();
    }
    // The session's refresh token turns over when the access token runs out (reuse revokes it): the next page of this
    // worker starts from the newest one.
    if (prepared) sessions.set(DANA.email, await prepared.context().storageState());
    if (entry.as !== 'signed-out' && page !== prepared) {
      const email = entry.as === 'super-admin' ? SUPER_ADMIN.email : DANA.email;
      sessions.set(email, await page.context().storageState());
    }
    expect(
      blocking.map((violation) => violation.id),
      `${entry.name} (${path}):\n${readable(blocking)}`,
    ).toEqual([]);
  });
}
