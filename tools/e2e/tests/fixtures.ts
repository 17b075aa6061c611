import { type BrowserContext, test as base, expect } from '@playwright/test';
import { DANA, type Person, savedSession } from './shell-session';

export { expect };

interface JourneyOptions {
  /** Whose saved session the journey's `page` starts signed in with; null: signed out. */
  as: Person | null;
  /**
   * True for a journey that changes what a browser keeps (signs out, switches the theme, sets a
   * context-wide route): its page gets a context of its own instead of the worker's shared one.
   */
  ownContext: boolean;
}

interface WorkerFixtures {
  /** One browser context per person and viewport, kept for the whole worker. */
  sharedContexts: Map<string, BrowserContext>;
}

/**
 * The journeys' `test`: `page` starts signed in as Dana (`test.use({ as: ACME_VIEWER })` for
 * someone else, `{ as: null }` for nobody) without going through the sign-in form.
 *
 * A returning person's browser already holds the shell and the remotes in its HTTP cache (hashed
 * files are served immutable), so a signed-in page is a new tab of the worker's context for that
 * person: the cold load is paid once per worker, not once per journey. Sharing is safe because a
 * journey changes nothing that context keeps but the theme choice: cookies come from the saved
 * session (no refresh token, so nothing rotates), session storage (the selected institution) is
 * per tab, and the tab is closed after the journey. Journeys that sign out or change what the
 * browser keeps set ownContext; signed-out pages always get a context of their own.
 */
export const test = base.extend<JourneyOptions, WorkerFixtures>({
  as: [DANA, { option: true }],
  ownContext: [false, { option: true }],
  storageState: async ({ as }, use) => {
    await use(as ? savedSession(as) : undefined);
  },
  sharedContexts: [
    async ({ browser: _browser }, use) => {
      const contexts = new Map<string, BrowserContext>();
      await use(contexts);
      await Promise.all([...contexts.values()].map((context) => context.close()));
    },
    { scope: 'worker' },
  ],
  page: async ({ as, ownContext, browser, baseURL, viewport, sharedContexts, context }, use, testInfo) => {
    if (!as || ownContext) {
      await use(await context.newPage());
      return;
    }
    const key = `${as.key} ${viewport?.width ?? ''}x${viewport?.height ?? ''}`;
    let shared = sharedContexts.get(key);
    if (!shared) {
      shared = await browser.newContext({ baseURL, viewport, storageState: savedSession(as) });
      sharedContexts.set(key, shared);
    }
    const page = await shared.newPage();
    await use(page);
    // Playwright's own failure screenshot only covers the journey's own context.
    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
      await testInfo.attach('screenshot', {
        body: await page.screenshot({ timeout: 5_000 }).catch(() => Buffer.from('')),
        contentType: 'image/png',
      });
    }
    await page.close();
  },
});
