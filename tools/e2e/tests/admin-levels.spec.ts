import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { institutionIdOf } from './admin-session';
import {
  closeOpenedContexts,
  DANA,
  JORDAN,
  openDashboard,
  pageOf,
  SAME_ORIGIN,
  sidebar,
} from './shell-session';

test.afterEach(closeOpenedContexts);

// Whatever happens in the journey, Jordan goes back to the role default for the other journeys.
test.afterAll(async ({ playwright, baseURL }) => {
  // Signed out to start with, and sending the Origin a browser sends with a write.
  const api = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: SAME_ORIGIN,
  });
  await api.post('/api/auth/sign-in', { data: { email: DANA.email, password: DANA.password } });
  const institutions = (await (await api.get('/api/institutions')).json()) as Array<{
    id: string;
    slug: string;
  }>;
  const acme = institutions.find((row) => row.slug === 'acme');
  const members = (await (
    await api.get('/api/administration/members', { headers: { 'X-Institution-Id': acme?.id ?? '' } })
  ).json()) as Array<{ user_id: string; email: string }>;
  const jordan = members.find((row) => row.email === JORDAN.email);
  if (acme && jordan) {
    await api.put(`/api/administration/members/${jordan.user_id}/modules/crm`, {
      headers: { 'X-Institution-Id': acme.id },
      data: { level: null },
    });
  }
  await api.dispose();
});

test.describe.configure({ mode: 'serial' });

async function openMemberAccess(browser: Browser): Promise<Page> {
  const ownerPage = await pageOf(browser, DANA);
  await ownerPage.goto('/administration');
  await ownerPage
    .getByRole('region', { name: 'Members' })
    .getByRole('button', { name: 'Module access for Jordan Kim' })
    .click();
  return ownerPage;
}

test('the owner sets a member to read on CRM: the member still sees the CRM and the API refuses their writes', async ({
  browser,
}) => {
  const ownerPage = await openMemberAccess(browser);
  const dialog = ownerPage.getByRole('dialog', { name: 'Module access for Jordan Kim' });
  await dialog.getByLabel('CRM', { exact: true }).selectOption('read');
  await expect(ownerPage.getByText('Jordan Kim now has read access to CRM.')).toBeVisible();
  await ownerPage.keyboard.press('Escape');
  const members = ownerPage.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('row', { name: /Jordan Kim/ })).toContainText('crm: Read');

  const memberPage = await pageOf(browser, JORDAN);
  await openDashboard(memberPage);
  await sidebar(memberPage).getByRole('link', { name: 'CRM', exact: true }).click();
  await expect(memberPage.getByRole('heading', { level: 2, name: 'CRM' })).toBeVisible();

  const acme = await institutionIdOf(memberPage, 'Acme Corporation');
  const write = await memberPage.request.post('/api/crm/contacts', {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': acme },
    data: { first_name: 'Not', last_name: 'Allowed', email: 'not.allowed@example.test' },
  });
  expect(write.status()).toBe(403);
  expect((await write.json()).message).toBe('You need write access to CRM');
  const read = await memberPage.request.get('/api/crm/contacts', { headers: { 'X-Institution-Id': acme } });
  expect(read.status()).toBe(200);
});

test.describe(() => {
  test.use({ as: JORDAN });
  test('a read-level member sees the CRM without create buttons', async ({ page }) => {
    await page.goto('/modules/crm/deals');
    await expect(page.getByRole('heading', { name: /^Deals/ }).first()).toBeVisible();
    // The board has loaded its deals: they can be read, not moved or created.
    await expect(page.locator('article[data-deal-id]').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Move deal / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New Deal' })).toHaveCount(0);
    await page.goto('/modules/crm/contacts');
    await expect(page.getByRole('button', { name: 'Add Contact' })).toHaveCount(0, { timeout: 3000 });
  });
});

test('back to the role default: the member writes again', async ({ browser }) => {
  const ownerPage = await openMemberAccess(browser);
  const dialog = ownerPage.getByRole('dialog', { name: 'Module access for Jordan Kim' });
  await dialog.getByLabel('CRM', { exact: true }).selectOption('default');
  await expect(ownerPage.getByText('Jordan Kim now has the role default access to CRM.')).toBeVisible();
  await ownerPage.keyboard.press('Escape');
  const members = ownerPage.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('row', { name: /Jordan Kim/ })).toContainText('Role default');

  const memberPage = await pageOf(browser, JORDAN);
  const acme = await institutionIdOf(memberPage, 'Acme Corporation');
  // Accepted by access control again: it now fails only the contact's own validation.
  const write = await memberPage.request.post('/api/crm/contacts', {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': acme },
    data: {},
  });
  expect(write.status()).toBe(400);
});
