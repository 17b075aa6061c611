import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** A demo person of the seed: `key` names their saved session (see auth.setup.ts). */
export interface Person {
  key: string;
  email: string;
  password: string;
  name?: string;
}

export const DANA = { key: 'dana', email: 'demo@acme.test', password: 'tessera-demo', name: 'Dana Reyes' };
export const SUPER_ADMIN: Person = {
  key: 'super-admin',
  email: 'admin@tessera.app',
  password: 'tessera-admin',
};
export const GLOBEX_OWNER: Person = {
  key: 'globex-owner',
  email: 'owner@globex.test',
  password: 'tessera-demo',
};
/** A Globex member. */
export const SAM: Person = { key: 'sam', email: 'sam.ortiz@globex.test', password: 'tessera-demo' };
export const ACME_VIEWER: Person = {
  key: 'acme-viewer',
  email: 'viewer@acme.test',
  password: 'tessera-demo',
};
/** An Acme member whose CRM level admin-levels.spec.ts changes while it runs. */
export const JORDAN: Person = { key: 'jordan', email: 'jordan.kim@acme.test', password: 'tessera-demo' };
/** An Acme member no journey changes: the second person of the live-update journeys. */
export const TAYLOR: Person = { key: 'taylor', email: 'taylor.brooks@acme.test', password: 'tessera-demo' };

/** Everyone auth.setup.ts signs in once per run. */
export const PEOPLE: Person[] = [DANA, SUPER_ADMIN, GLOBEX_OWNER, SAM, ACME_VIEWER, JORDAN, TAYLOR];

/**
 * Where a person's saved session lives: one folder per run (the config names it after the run's
 * port, which the workers inherit), so the e2e suite and the scale-out run never read each other's.
 */
export function sessionFile(person: Person): string {
  const dir = process.env.E2E_AUTH_DIR;
  if (!dir) throw new Error('E2E_AUTH_DIR is set by the Playwright config');
  return join(dir, `${person.key}.json`);
}

type SavedState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

const SIGNED_OUT: SavedState = { cookies: [], origins: [] };

/**
 * A person's session as the setup project saved it, without its refresh token.
 *
 * Every context of the run that starts from it shares one session. Refresh tokens are single-use
 * and rotate: if two contexts refreshed with the same saved token, the second use would be taken
 * for theft and revoke the session under every journey of that person (apps/api/src/auth). So the
 * shared copies carry only the access token, and the e2e server issues access tokens that outlive
 * the run (ACCESS_TOKEN_TTL_SECONDS in global-setup.ts): the shell schedules its refresh a minute
 * before expiry, which never comes within a run, and no shared context can rotate anything.
 * A journey that signs out or changes a password ends its session for everyone holding it: it
 * signs in on its own through the form (signIn), never from this state.
 */
export function savedSession(person: Person): SavedState {
  const state = JSON.parse(readFileSync(sessionFile(person), 'utf8')) as SavedState;
  return { ...state, cookies: state.cookies.filter((cookie) => cookie.name !== 'tessera_rt') };
}

/**
 * Signs in through the real form and waits for the dashboard (any viewport): a session of the
 * page's own. Journeys about signing in, signing out or passwords use it; others start from the
 * person's saved session (the `as` option of fixtures.ts, or openContext(browser, { as })).
 */
export async function signIn(page: Page, user: { email: string; password: string } = DANA): Promise<void> {
  // A journey written for a signed-out page may run on one that already starts signed in (the
  // fixtures' `page`): signed in as that person already, it goes on from the dashboard.
  const current = (await page.context().cookies()).some((cookie) => cookie.name === 'tessera_at')
    ? await page.request.get('/api/auth/user')
    : null;
  if (current?.ok()) {
    const { email } = (await current.json()) as { email: string };
    if (email !== user.email) {
      throw new Error(
        `signIn(${user.email}): the page already holds the session of ${email}; start it with test.use({ as }) or pageOf(browser, person)`,
      );
    }
    await openDashboard(page);
    return;
  }
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
  options: BrowserContextOptions & { as?: Person } = {},
): Promise<BrowserContext> {
  const { as, ...contextOptions } = options;
  // Without `as` the context starts signed out, even in a journey whose own page starts signed in
  // (Playwright gives a test's storageState to every context the test opens unless told otherwise).
  const storageState = as ? savedSession(as) : (contextOptions.storageState ?? SIGNED_OUT);
  const context = await browser.newContext({ ...contextOptions, storageState });
  openedContexts.push(context);
  return context;
}

/** A page of `person`'s saved session in a context of its own (closed by closeOpenedContexts). */
export async function pageOf(
  browser: Browser,
  person: Person,
  options: BrowserContextOptions = {},
): Promise<Page> {
  return (await openContext(browser, { ...options, as: person })).newPage();
}

/**
 * Acme's id, from the signed-in user's own institution list: what the shell selects for Dana, known
 * without loading a page first.
 */
export async function acmeId(page: Page): Promise<string> {
  const response = await page.request.get('/api/institutions');
  expect(response.ok()).toBe(true);
  const institutions = (await response.json()) as Array<{ id: string; slug: string }>;
  const acme = institutions.find((institution) => institution.slug === 'acme');
  if (!acme) throw new Error('Dana is not in Acme');
  return acme.id;
}

/** Opens the dashboard of a page that starts signed in: what signIn leaves, without the form. */
export async function openDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

export async function closeOpenedContexts(): Promise<void> {
  await Promise.all(openedContexts.splice(0).map((context) => context.close()));
}
