import { expect, type Page } from '@playwright/test';
import { inviteByApi } from './invitation-links';
import { quotedDealPath, sentQuotePath } from './crm-selling-session';
import { SAME_ORIGIN, selectedInstitutionId } from './shell-session';

/**
 * The pages audited for accessibility: every page of the shell, the CRM and a generated module.
 * axe checks them all in the e2e suite (accessibility.spec.ts); Lighthouse (tools/a11y) scores the
 * ones a URL reaches as Dana or signed out. To check a new screen, add one entry to PAGES.
 */

export interface A11yPage {
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
  // A campaign of the list, not the New Campaign link.
  const link = page.locator('main table a[href*="/campaigns/"]').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href')) ?? '/modules/crm/campaigns';
}

/** A saved web form's page (builder, snippets and submissions), made through the API. */
async function webFormPath(page: Page): Promise<string> {
  const created = await page.request.post('/api/crm/forms', {
    headers: await apiHeaders(page),
    data: {
      name: `A11y form ${Date.now()}`,
      fields: [
        { field: 'first_name', label: 'First name', required: true },
        { field: 'last_name', label: 'Last name', required: true },
        { field: 'email', label: 'E-mail', required: true },
      ],
    },
  });
  expect(created.status()).toBe(201);
  return `/modules/crm/forms/${(await created.json()).id}`;
}

async function firstSequencePath(page: Page): Promise<string> {
  await page.goto('/modules/crm/sequences');
  // The demo sequence of the list, not the New Sequence link.
  const link = page.locator('main table a[href*="/sequences/"]').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href')) ?? '/modules/crm/sequences';
}

async function firstCompanyPath(page: Page): Promise<string> {
  await page.goto('/modules/crm/companies');
  const link = page.locator('main a[href*="/companies/"]').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href')) ?? '/modules/crm/companies';
}

/** The page of the first record of a submodule's table (`/modules/<module>/<submodule>`). */
function firstRecordPath(submodulePath: string): (page: Page) => Promise<string> {
  return async (page) => {
    await page.goto(`${submodulePath}?view=table`);
    const link = page.getByRole('table').getByRole('link').first();
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    if (!href) throw new Error(`the table of ${submodulePath} has no record link`);
    return href;
  };
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

/** Pages Dana audits as they load (no setup), by name: the path or how to find it. */
function signedInPages(paths: Record<string, A11yPage['path']>): A11yPage[] {
  return Object.entries(paths).map(([name, path]) => ({ name, path }));
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
  ...signedInPages({
    dashboard: '/dashboard',
    profile: '/profile',
    settings: '/settings',
    administration: '/administration',
    outbox: '/administration/outbox',
    'outbox message': outboxMessagePath,
    'subscription upgrade': '/subscription/upgrade',
    'subscription billing': '/subscription/billing',
    'not found': '/no-such-page',
  }),
  { name: 'platform console', path: '/platform', as: 'super-admin' },
  // CRM: every tab of the Enhanced CRM page, then its own pages.
  ...signedInPages({
    'CRM overview': '/modules/crm?tab=overview',
    'CRM contacts tab': '/modules/crm?tab=contacts',
    'CRM smart leads tab': '/modules/crm?tab=smart-leads',
    'CRM deals tab': '/modules/crm?tab=deals',
    'CRM pipeline tab': '/modules/crm?tab=pipeline',
    'CRM automation tab': '/modules/crm?tab=automation',
    'CRM AI insights tab': '/modules/crm?tab=ai-insights',
    'CRM analytics tab': '/modules/crm?tab=analytics',
    'CRM deals page': '/modules/crm/deals',
    'CRM deal detail': newDealPath,
    'CRM activities': '/modules/crm/activities',
    'CRM contacts': '/modules/crm/contacts',
  }),
  // A deal's line items editor and quotes section (tabs of the deal page).
  ...(['Products', 'Quotes'] as const).map(
    (tab): A11yPage => ({
      name: `CRM deal ${tab.toLowerCase()} tab`,
      path: quotedDealPath,
      setup: async (page) => {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('heading', { level: 3, name: tab, exact: true })).toBeVisible();
      },
    }),
  ),
  {
    name: 'CRM contact detail',
    path: '/modules/crm/contacts',
    setup: async (page) => {
      await page.getByRole('main').getByRole('button', { name: /@/ }).first().click();
      await expect(page.getByRole('complementary', { name: 'Contact details' })).toBeVisible();
    },
  },
  ...signedInPages({
    'CRM smart leads': '/modules/crm/leads',
    'CRM lead scores': '/modules/crm/leads/scores',
    'CRM lead capture': '/modules/crm/leads/capture',
    'CRM qualification': '/modules/crm/leads/qualification',
    'CRM analytics': '/modules/crm/analytics',
    'CRM campaigns': '/modules/crm/campaigns',
    'CRM campaign delivery': firstCampaignPath,
    'CRM campaign editor': '/modules/crm/campaigns/new',
    'CRM web forms': '/modules/crm/forms',
    'CRM web form builder': '/modules/crm/forms/new',
    'CRM web form': webFormPath,
    'CRM sequences': '/modules/crm/sequences',
    'CRM sequence': firstSequencePath,
    'CRM sequence builder': '/modules/crm/sequences/new',
  }),
  {
    name: 'CRM contacts board',
    path: '/modules/crm/contacts',
    setup: async (page) => {
      await page.getByRole('button', { name: 'Board', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Board', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    },
  },
  ...signedInPages({
    'CRM companies': '/modules/crm/companies',
    'CRM company detail': firstCompanyPath,
    'CRM imports': '/modules/crm/imports',
    'CRM duplicates': '/modules/crm/duplicates',
    'Sales forecasting': '/modules/sales/forecasting',
    'CRM products': '/modules/crm/products',
    // The customer's page of a sent quote (plain HTML served by the API, reached by a signed link).
    'public quote page': sentQuotePath,
  }),
  // A generated module: every view, the new-record form, a record's detail.
  ...signedInPages({
    'records table': '/modules/project/tasks?view=table',
    'records board': '/modules/project/tasks?view=board',
    'records timeline': '/modules/project/tasks?view=timeline',
    'records calendar': '/modules/hotel/reservations?view=calendar',
  }),
  {
    name: 'records new-record form',
    path: '/modules/project/tasks?view=table',
    setup: async (page) => {
      await page.getByRole('button', { name: 'New Task' }).click();
      await expect(page.getByRole('dialog', { name: 'New Task' })).toBeVisible();
    },
  },
  ...signedInPages({
    'record detail': firstRecordPath('/modules/project/tasks'),
    // A patient's page: its appointments, prescriptions and claims point at it.
    'record detail with related records': firstRecordPath('/modules/healthcare/patients'),
  }),
  {
    name: 'global search',
    path: '/dashboard',
    setup: async (page) => {
      await page.keyboard.press('Control+K');
      const input = page
        .getByRole('dialog', { name: 'Search' })
        .getByRole('combobox', { name: 'Search everything' });
      await input.fill('ma');
      await expect(page.getByRole('dialog', { name: 'Search' }).getByRole('option').first()).toBeVisible();
    },
  },
];
