import { expect, test } from './fixtures';
import { openDashboard, selectedInstitutionId, sidebar } from './shell-session';

test('switching institution saves the choice and shows that institution’s modules', async ({ page }) => {
  await openDashboard(page);
  const savedId = () => page.evaluate(() => sessionStorage.getItem('selectedInstitutionId'));
  // Stored once the access query has answered, which may come a moment after the dashboard shows.
  const acmeId = await selectedInstitutionId(page);
  await expect(sidebar(page).getByRole('link', { name: 'CRM', exact: true })).toBeVisible();

  const switcher = page.getByRole('combobox', { name: 'Institution' });
  await switcher.selectOption({ label: 'Northwind Health' });
  await expect.poll(savedId).not.toBe(acmeId);

  // Northwind has project, finance, marketing, healthcare and education only.
  await expect(sidebar(page).getByRole('link', { name: 'CRM', exact: true })).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Healthcare', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /User menu for/ })).toContainText('Member');

  // The choice survives a reload (sessionStorage).
  const northwindId = await savedId();
  await page.reload();
  await expect(switcher).toHaveValue(northwindId ?? '');
  await expect(sidebar(page).getByRole('link', { name: 'CRM', exact: true })).toHaveCount(0);
});
