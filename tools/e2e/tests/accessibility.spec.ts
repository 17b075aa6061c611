import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { inviteByApi } from './invitation-links';
import { DANA, SAME_ORIGIN, selectedInstitutionId } from './shell-session';

/**
 * axe-core over every page of the shell, the CRM and a generated module (issue #18): no violation
 * of impact serious or critical. To check a new screen, add one entry to PAGES.
 */

const SUPER_ADMIN = { email: 'admin@tessera.app', password: 'tessera-admin' };

interface A11yPage {
  name: string;
  /** Where to go, or how to find it (e.g. the detail of a record the setup made). */
  path: string | ((page: Page) => Promise<string>);
  /** Who is signed in: Dana (default), the super admin, or nobody. */
  as?: 'dana' | 'super-admin' | 'signed-out';
  /** Runs after the page loaded, before the scan: open a dialog, select a row. */
  setup?: (page: Page) => Promise<void>;
}

async function apiHeaders(page: Page): Promise<Record<string, string>> {
  // A page opened from a saved session is still blank: the shell stores the institution once it runs.
  if (!page.url().startsWith('http')) await page.goto('/dashboard');
  return { ...SAME_ORIGIN, 'X-Institution-Id': await selectedInstitutionId(page) };
}

async function newDealPath(page: Page): Promise<string> {
  const created = await page.request.post('/api/crm/deals', {
    headers: await apiHeaders(page),
    data: { name: `A11y deal ${Date.now()}`, amount: 12000, stage: 'qualification', probability: 40 },
  });
  expect(created.status()).toBe(201);
  return `/modules/crm/deals/${(await created.json()).id}`;
}

async function firstCampaignPath(page: Page): Promise<string> {
  await page.goto('/modules/crm/campaigns');
  const link = page.locator('main a[href*="/campaigns/"]').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href')) ?? '/modules/crm/campaigns';
}

async function recordDetailPath(page: Page): Promise<string> {
  await page.goto('/modules/project/tasks?view=table');
  const link = page.getByRole('table').getByRole('link').first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  if (!href) throw new Error('the tasks table has no record link');
  return href;
}

async function invitationPath(page: Page): Promise<string> {
  const link = await inviteByApi(page, 'Acme Corporation', `a11y.${Date.now()}@example.test`);
  const url = new URL(link);
  return `${url.pathname}${url.hash}`;
}

async function outboxMessagePath(page: Page): Promise<string> {
  // On a fresh database nothing was sent yet: an invitation puts a message in the outbox.
  if (!page.url().startsWith('http')) await page.goto('/dashboard');
  await inviteByApi(page, 'Acme Corporation', `a11y.outbox.${Date.now()}@example.test`);
  await page.goto('/administration/outbox');
  const link = page.getByRole('row').getByRole('link').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href')) ?? '/administration/outbox';
}

export const PAGES: A11yPage[] = [
  // Shell, signed out.
  { name: 'sign-in', path: '/signin', as: 'signed-out' },
  { name: 'forgot password', path: '/forgot-password', as: 'signed-out' },
  {
    name: 'password reset',
    path: '/reset-password#token=not-a-real-token-but-long-enough-to-be-read',
    as: 'signed-out',
  },
  { name: 'invitation page', path: invitationPath, as: 'signed-out' },
  // Shell, signed in.
  { name: 'dashboard', path: '/dashboard' },
  { name: 'profile', path: '/profile' },
  { name: 'settings', path: '/settings' },
  { name: 'administration', path: '/administration' },
  { name: 'outbox', path: '/administration/outbox' },
  { name: 'outbox message', path: outboxMessagePath },
  { name: 'subscription upgrade', path: '/subscription/upgrade' },
  { name: 'subscription billing', path: '/subscription/billing' },
  { name: 'not found', path: '/no-such-page' },
  { name: 'platform console', path: '/platform', as: 'super-admin' },
  // CRM: every tab of the Enhanced CRM page, then its own pages.
  { name: 'CRM overview', path: '/modules/crm?tab=overview' },
  { name: 'CRM contacts tab', path: '/modules/crm?tab=contacts' },
  { name: 'CRM smart leads tab', path: '/modules/crm?tab=smart-leads' },
  { name: 'CRM deals tab', path: '/modules/crm?tab=deals' },
  { name: 'CRM pipeline tab', path: '/modules/crm?tab=pipeline' },
  { name: 'CRM automation tab', path: '/modules/crm?tab=automation' },
  { name: 'CRM AI insights tab', path: '/modules/crm?tab=ai-insights' },
  { name: 'CRM analytics tab', path: '/modules/crm?tab=analytics' },
  { name: 'CRM deals page', path: '/modules/crm/deals' },
  { name: 'CRM deal detail', path: newDealPath },
  { name: 'CRM activities', path: '/modules/crm/activities' },
  { name: 'CRM contacts', path: '/modules/crm/contacts' },
  {
    name: 'CRM contact detail',
    path: '/modules/crm/contacts',
    setup: async (page) => {
      await page.getByRole('main').getByRole('button', { name: /@/ }).first().click();
      await expect(page.getByRole('complementary', { name: 'Contact details' })).toBeVisible();
    },
  },
  { name: 'CRM smart leads', path: '/modules/crm/leads' },
  { name: 'CRM lead scores', path: '/modules/crm/leads/scores' },
  { name: 'CRM lead capture', path: '/modules/crm/leads/capture' },
  { name: 'CRM qualification', path: '/modules/crm/leads/qualification' },
  { name: 'CRM analytics', path: '/modules/crm/analytics' },
  { name: 'CRM campaigns', path: '/modules/crm/campaigns' },
  { name: 'CRM campaign delivery', path: firstCampaignPath },
  // A generated module: every view, the new-record form, a record's detail.
  { name: 'records table', path: '/modules/project/tasks?view=table' },
  { name: 'records board', path: '/modules/project/tasks?view=board' },
  { name: 'records timeline', path: '/modules/project/tasks?view=timeline' },
  { name: 'records calendar', path: '/modules/hotel/reservations?view=calendar' },
  {
    name: 'records new-record form',
    path: '/modules/project/tasks?view=table',
    setup: async (page) => {
      await page.getByRole('button', { name: 'New Task' }).click();
      await expect(page.getByRole('dialog', { name: 'New Task' })).toBeVisible();
    },
  },
  { name: 'record detail', path: recordDetailPath },
];

// One sign-in per person and worker (hashing a password is slow on a busy machine); later pages
// start from its cookies.
const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();

async function signedInPage(browser: Browser, as: A11yPage['as']): Promise<Page> {
  if (as === 'signed-out') return (await browser.newContext()).newPage();
  const user = as === 'super-admin' ? SUPER_ADMIN : DANA;
  const saved = sessions.get(user.email);
  const page = await (await browser.newContext(saved ? { storageState: saved } : {})).newPage();
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
    const results = await new AxeBuilder({ page })
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    const blocking = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
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
