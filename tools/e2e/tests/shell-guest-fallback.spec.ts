import { expect, test } from './fixtures';
import { sidebar, openDashboard } from './shell-session';

/**
 * docs/product/access.md#guest-fallback: when the access query fails, the user becomes the guest — public read
 * access: the workspace's own pages stay open, every module and every institution's data close.
 */
test('a failed access query leaves the guest with public read access only', async ({ page }) => {
  await openDashboard(page);
  await expect(sidebar(page).getByRole('link', { name: 'CRM', exact: true })).toBeVisible();

  await page.route('**/functions/v1/me-access**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503}' }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The access query retries twice before the fallback applies.
  await expect(sidebar(page).getByRole('link', { name: 'CRM', exact: true })).toHaveCount(0, {
    timeout: 20_000,
  });

  // Public read: the user's own pages.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: 'Profile', exact: true })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true }).first()).toBeVisible();

  // No module: the CRM's own gate refuses the guest whatever the registry says.
  await page.goto('/modules/crm');
  await expect(
    page.getByText('No access to the CRM').or(page.getByText('CRM is not available to you')).first(),
  ).toBeVisible({ timeout: 20_000 });
});
