import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openDashboard } from './shell-session';

// The institution switcher is a <select> whose options are options too: scope to the search's list.
const results = (page: Page) => page.getByRole('listbox', { name: 'Matching modules' });

test('quick search finds a submodule and opens it', async ({ page }) => {
  await openDashboard(page);
  const search = page.getByLabel('Quick search modules');
  await search.fill('pat');
  const result = results(page).getByRole('option', { name: /Healthcare › Patients/ });
  await expect(result).toBeVisible();
  await result.click();
  await expect(page).toHaveURL(/\/modules\/healthcare\/patients$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Patients' })).toBeVisible();
  await expect(search).toHaveValue('');
});

test('quick search works with the keyboard and caps results at 10', async ({ page }) => {
  await openDashboard(page);
  const search = page.getByLabel('Quick search modules');
  await search.fill('industry');
  await expect(results(page).getByRole('option')).toHaveCount(10);
  await search.fill('finance');
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/modules\/finance\/invoicing$/);
});

test('quick search says No matches found. when nothing matches', async ({ page }) => {
  await openDashboard(page);
  await page.getByLabel('Quick search modules').fill('zzz');
  await expect(page.getByText('No matches found.')).toBeVisible();
  await expect(results(page)).toHaveCount(0);
});
