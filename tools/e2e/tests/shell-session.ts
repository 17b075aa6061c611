import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
} from '@playwright/test';

/**
 * The Origin a browser sends with every write. page.request sends none, and the API refuses a
 * write carrying the session cookie without it (cross-site request check).
 */
export const SAME_ORIGIN = { Origin: `http://127.0.0.1:${process.env.E2E_PORT}` };

export const DANA = { email: 'demo@acme.test', password: 'tessera-demo', name: 'Dana Reyes' };

/** Signs in through the real form and waits for the dashboard (any viewport). */
export async function signIn(page: Page, user: { email: string; password: string } = DANA): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Modules' });
}

/**
 * The institution the shell selected (kept in session storage). The shell stores it once the
 * access query has answered, which may come a moment after the dashboard shows: wait for it.
 */
export async function selectedInstitutionId(page: Page): Promise<string> {
  let id: string | null = null;
  await expect
    .poll(async () => {
      id = await page.evaluate(() => sessionStorage.getItem('selectedInstitutionId'));
      return id;
    })
    .not.toBeNull();
  return id as unknown as string;
}

/*
 * A journey's second person (another browser context). The browser lives as long as the worker, so
 * a context left open keeps its live screens running beside every later journey of that worker;
 * each spec that opens one closes them after each test (test.afterEach(closeOpenedContexts)).
 */
const openedContexts: BrowserContext[] = [];

export async function openContext(
  browser: Browser,
  options?: BrowserContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  openedContexts.push(context);
  return context;
}

export async function closeOpenedContexts(): Promise<void> {
  await Promise.all(openedContexts.splice(0).map((context) => context.close()));
}
