import type { Page } from '@playwright/test';
import {
  findRecordSchema,
  MODULE_CATALOGUE,
  type ModuleCatalogueEntry,
  submoduleScreen,
} from '@tessera/data-access/contracts';
import { crmPagePatterns } from '../../../apps/crm-remote/src/shared/crm-routes';
import { SHELL_ROUTES } from '../../../apps/shell/src/app/shell-routes';
import { inviteByApi, mailedLink } from './invitation-links';
import { expect, test } from './fixtures';
import { openDashboard, SAME_ORIGIN, SUPER_ADMIN } from './shell-session';

/*
 * Every route of the shell and of every remote is reached by navigation: a link on a page reached
 * the same way, starting from the sign-in page or the dashboard (sidebar, user menu, tabs, lists,
 * a detail page from its list). A route only an address typed by hand reaches fails here.
 */

/** The industry remote's routes, as modules/industry-module.tsx and records/submodule-screen.tsx make them. */
function generatedModulePatterns(module: ModuleCatalogueEntry): string[] {
  const patterns = [module.route];
  for (const submodule of module.submodules) {
    patterns.push(submodule.route);
    const screen = submoduleScreen(module.id, submodule.id);
    if (screen?.kind === 'records') patterns.push(`${submodule.route}/:recordId`);
    if (screen?.kind === 'insights') {
      for (const collection of screen.insights.embeddedCollections ?? []) {
        if (findRecordSchema(module.id, collection))
          patterns.push(`${submodule.route}/${collection}/:recordId`);
      }
    }
  }
  return patterns;
}

function modulePatterns(module: ModuleCatalogueEntry): string[] {
  if (module.id === 'crm') {
    return crmPagePatterns().map((path) => (path ? `${module.route}/${path}` : module.route));
  }
  return generatedModulePatterns(module);
}

function matcher(pattern: string): RegExp {
  const source = pattern
    .replace(/\/\*$/, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

// Each journey walks from its own start and only reads: the two workers share them.
test.describe.configure({ mode: 'parallel' });

/** The same-origin paths of every link on the page now. */
async function linkPaths(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('a[href]')]
      .map((anchor) => new URL((anchor as HTMLAnchorElement).href, location.href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname),
  );
}

/** Moves inside the single-page app, as a click on a link does (no reload of the shell and its remotes). */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/**
 * Walks from the pages open so far to every pattern: each pattern is looked for among the links
 * seen; when none matches, on the nearest reached page above it, then on the other pages reached.
 * Answers the patterns no link leads to.
 */
async function unreachable(page: Page, patterns: string[], seen: Set<string>): Promise<string[]> {
  // A path of a page of its own (`campaigns/new`) is not an example of its neighbour (`campaigns/:id`).
  const fixed = new Set(
    patterns.filter((pattern) => !pattern.includes(':')).map((pattern) => pattern.replace(/\/\*$/, '')),
  );
  const examples = (pattern: string) =>
    [...seen].filter(
      (path) =>
        matcher(pattern).test(path) && (!pattern.includes(':') || !fixed.has(path.replace(/\/$/, ''))),
    );
  const reachedBy = (pattern: string) => examples(pattern)[0];
  const missing: string[] = [];
  // Pages already looked at: all their links are in `seen`, so a second look would find nothing new.
  const looked = new Set<string>();
  const lookOn = async (path: string, pattern: string, timeout: number) => {
    if (looked.has(path)) return false;
    looked.add(path);
    await navigateInApp(page, path);
    // The page has drawn its data (a heading, no loading spinner); a list's rows come a moment after.
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    return expect
      .poll(
        async () => {
          for (const link of await linkPaths(page)) seen.add(link);
          return reachedBy(pattern) !== undefined;
        },
        { timeout },
      )
      .toBe(true)
      .then(
        () => true,
        () => false,
      );
  };
  const ordered = [...new Set(patterns)].sort((a, b) => a.split('/').length - b.split('/').length);
  for (const pattern of ordered) {
    if (reachedBy(pattern)) continue;
    // The nearest page above it that is reached (a list for its detail); then the other pages reached.
    const segments = pattern.replace(/\/\*$/, '').split('/');
    let parents: string[] = [];
    for (let length = segments.length - 1; length > 1 && parents.length === 0; length -= 1) {
      parents = examples(segments.slice(0, length).join('/'));
    }
    // A few examples of a detail above it: one campaign may be sent (no Edit), the next a draft.
    let found = false;
    for (const [index, parent] of parents.slice(0, 5).entries()) {
      if (found) break;
      found = await lookOn(parent, pattern, index === 0 ? 3_000 : 1_000);
    }
    for (const other of [...fixed].filter((path) => !parents.includes(path) && seen.has(path))) {
      if (found) break;
      found = await lookOn(other, pattern, 1_000);
    }
    if (!found) missing.push(pattern);
  }
  return missing;
}

/** The sidebar with every module's submodules shown, and where each item of the user menu leads. */
async function openNavigation(page: Page, seen: Set<string>): Promise<void> {
  const toggles = page.getByRole('button', { name: /^Show .* submodules$/ });
  // The sidebar lists the modules once the person's access has loaded.
  await expect(toggles.first()).toBeVisible();
  while ((await toggles.count()) > 0) await toggles.first().click();
  for (const path of await linkPaths(page)) seen.add(path);
  const userMenu = page.getByRole('button', { name: /^User menu for/ });
  await userMenu.click();
  const items = (await page.getByRole('menuitem').allInnerTexts()).filter((item) => item !== 'Sign out');
  await page.keyboard.press('Escape');
  const start = new URL(page.url()).pathname;
  for (const item of items) {
    await userMenu.click();
    await page.getByRole('menuitem', { name: item }).click();
    await expect(page).not.toHaveURL((url) => url.pathname === start);
    seen.add(new URL(page.url()).pathname);
    await navigateInApp(page, start);
  }
}

test.describe(() => {
  test.use({ as: null });

  test('signed out, every page before a session is linked from the sign-in page', async ({ page }) => {
    await page.goto(SHELL_ROUTES.signIn);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const seen = new Set(await linkPaths(page));
    const missing = await unreachable(page, [SHELL_ROUTES.forgotPassword, SHELL_ROUTES.signUp], seen);
    expect(missing).toEqual([]);
  });
});

test('Dana reaches every page of the shell by navigation', async ({ page }) => {
  await openDashboard(page);
  // A message in the outbox: its page shows the invitation link, the way into the invitation page.
  const invited = `reach.${Date.now()}@example.test`;
  await inviteByApi(page, 'Acme Corporation', invited);
  const seen = new Set([SHELL_ROUTES.dashboard]);
  await openNavigation(page, seen);
  const shellPages = [
    SHELL_ROUTES.profile,
    SHELL_ROUTES.settings,
    SHELL_ROUTES.administration,
    SHELL_ROUTES.outbox,
    SHELL_ROUTES.outboxMessage,
    SHELL_ROUTES.apiKeys,
    SHELL_ROUTES.webhooks,
    SHELL_ROUTES.upgrade,
    SHELL_ROUTES.billing,
  ];
  expect(await unreachable(page, shellPages, seen)).toEqual([]);
  // The invitation page: the link in the invitation's message, on its outbox page.
  await navigateInApp(page, SHELL_ROUTES.outbox);
  await page.getByRole('row').filter({ hasText: invited }).getByRole('link').first().click();
  await expect.poll(async () => (await linkPaths(page)).includes(SHELL_ROUTES.acceptInvitation)).toBe(true);
});

test("Dana reaches every page of the CRM from the sidebar, the CRM's page and its lists", async ({
  page,
}) => {
  await openDashboard(page);
  const seen = new Set<string>();
  await openNavigation(page, seen);
  const crm = MODULE_CATALOGUE.find((module) => module.id === 'crm') as ModuleCatalogueEntry;
  expect(await unreachable(page, modulePatterns(crm), seen)).toEqual([]);
});

test.describe(() => {
  test.use({ as: SUPER_ADMIN });

  test('the super admin reaches the console; the reset page is reached from its e-mailed link', async ({
    page,
  }) => {
    const reset = await page.request.post('/api/auth/password-reset', {
      headers: SAME_ORIGIN,
      data: { email: 'taylor.brooks@acme.test' },
    });
    expect(reset.status()).toBe(202);
    await openDashboard(page);
    const seen = new Set([SHELL_ROUTES.dashboard]);
    await openNavigation(page, seen);
    const missing = await unreachable(
      page,
      [SHELL_ROUTES.settings, SHELL_ROUTES.platform, SHELL_ROUTES.platformOutboxMessage],
      seen,
    );
    expect(missing).toEqual([]);
    // No reader of the outbox gets a reset link: the page is reached from the message in the person's mailbox.
    const link = await mailedLink('taylor.brooks@acme.test', 'password_reset');
    expect(new URL(link).pathname).toBe(SHELL_ROUTES.resetPassword);
  });
});

// The generated modules in groups, so that each journey stays short.
const GENERATED = MODULE_CATALOGUE.filter((module) => module.id !== 'crm');
const GROUPS = [GENERATED.slice(0, 6), GENERATED.slice(6, 11), GENERATED.slice(11)];

for (const group of GROUPS) {
  const names = group.map((module) => module.name).join(', ');
  test(`every page of ${names} is reached from the sidebar and its lists`, async ({ page }) => {
    await openDashboard(page);
    const seen = new Set<string>();
    await openNavigation(page, seen);
    const missing = await unreachable(page, group.flatMap(modulePatterns), seen);
    expect(missing).toEqual([]);
  });
}
