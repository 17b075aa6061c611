import { expect, test } from './fixtures';
import { openDashboard, SUPER_ADMIN, sidebar } from './shell-session';

test('a user without CRM access does not see CRM and gets the fallback at /modules/crm', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('combobox', { name: 'Institution' }).selectOption({ label: 'Northwind Health' });
  await expect(sidebar(page).getByRole('link', { name: 'Healthcare', exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'CRM', exact: true })).toHaveCount(0);

  await page.goto('/modules/crm');
  await expect(page.getByRole('heading', { name: 'CRM is not available to you' })).toBeVisible();
  await expect(page.getByText('Enhanced CRM Dashboard')).toHaveCount(0);
  // The quick search does not offer it either.
  await page.getByLabel('Quick search modules').fill('crm');
  await expect(page.getByText('No matches found.')).toBeVisible();
});

test.describe(() => {
  test.use({ as: SUPER_ADMIN });
  test('a super admin sees every module, whatever the institution includes', async ({ page }) => {
    await openDashboard(page);
    await page.getByRole('combobox', { name: 'Institution' }).selectOption({ label: 'Globex Retail' });
    await expect(sidebar(page).getByRole('link', { name: /^Hotel Management/ })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Healthcare', exact: true })).toBeVisible();
  });
});
