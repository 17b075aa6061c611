import { expect, test } from './fixtures';
import { sidebar, openDashboard } from './shell-session';

test('pinning a module moves it first and survives a reload', async ({ page }) => {
  await openDashboard(page);
  const firstModuleLink = () => sidebar(page).getByRole('link').first();
  await expect(firstModuleLink()).toHaveText('CRM');

  await sidebar(page).getByRole('button', { name: 'Pin Legal Practice' }).click();
  await expect(firstModuleLink()).toHaveText('Legal Practice');
  await expect(sidebar(page).getByRole('heading', { name: 'Pinned' })).toBeVisible();

  await page.reload();
  await expect(firstModuleLink()).toHaveText('Legal Practice');
  await page.goto('/dashboard');
  await expect(page.getByRole('list', { name: 'Pinned modules' }).getByText('Legal Practice')).toBeVisible();

  // Leave the demo data as it was for the other journeys.
  await sidebar(page).getByRole('button', { name: 'Unpin Legal Practice' }).click();
  await expect(firstModuleLink()).toHaveText('CRM');
});
