import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { SAME_ORIGIN, selectedInstitutionId, openDashboard } from './shell-session';

// A word no demo record holds, different on every run of the suite against the same database.
const WORD = `Wystan${Date.now().toString(36)}`;

// The palette's overlay is costly to paint in software rendering on a busy machine: give the
// journeys room (a wait, not an assertion on speed).
test.describe.configure({ timeout: 300_000 });

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const results = (page: Page) => palette(page).getByRole('listbox', { name: 'Search results' });

async function create(page: Page, path: string, data: Record<string, unknown>): Promise<string> {
  const institution = await selectedInstitutionId(page);
  const response = await page.request.post(path, {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': institution },
    data,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('Ctrl+K opens the search; the keyboard picks a patient and opens its page', async ({ page }) => {
  await openDashboard(page);
  const patientId = await create(page, '/api/modules/healthcare/patients/records', {
    data: { full_name: `${WORD} Okafor`, date_of_birth: '1975-03-14', status: 'inactive' },
  });
  const dealId = await create(page, '/api/crm/deals', { name: `${WORD} expansion`, amount: 12000 });

  await page.keyboard.press('Control+K');
  const input = palette(page).getByRole('combobox', { name: 'Search everything' });
  await expect(input).toBeFocused();
  await input.fill(WORD.slice(0, 9).toLowerCase());

  const crm = results(page).getByRole('group', { name: 'CRM' });
  const healthcare = results(page).getByRole('group', { name: 'Healthcare' });
  // The first answer may wait for a cold API on a busy machine.
  await expect(crm.getByRole('option', { name: new RegExp(`${WORD} expansion`) })).toBeVisible({
    timeout: 30_000,
  });
  await expect(healthcare.getByRole('option', { name: new RegExp(`${WORD} Okafor`) })).toBeVisible();

  // Arrows move through every hit, across groups, and wrap.
  const options = results(page).getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await input.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await input.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');

  // Go to the patient wherever it sits in the list, then Enter.
  const patientOption = healthcare.getByRole('option');
  while ((await patientOption.getAttribute('aria-selected')) !== 'true') await input.press('ArrowDown');
  await input.press('Enter');
  await expect(palette(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/modules/healthcare/patients/${patientId}$`));
  await expect(page.getByRole('heading', { name: `${WORD} Okafor` })).toBeVisible({ timeout: 60_000 });

  // The header's button opens it too; a click on a deal opens the deal.
  await page.getByRole('button', { name: /^Search/ }).click();
  await palette(page).getByRole('combobox', { name: 'Search everything' }).fill(`${WORD} exp`);
  await results(page)
    .getByRole('option', { name: new RegExp(`${WORD} expansion`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/modules/crm/deals/${dealId}$`));
  await expect(page.getByRole('heading', { level: 2, name: `${WORD} expansion` })).toBeVisible({
    timeout: 60_000,
  });
});

test('the search says when nothing matches, and Escape closes it', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('button', { name: /^Search/ }).click();
  const input = palette(page).getByRole('combobox', { name: 'Search everything' });
  await input.fill('q');
  await expect(palette(page).getByRole('status')).toHaveText('Type at least 2 characters.');
  await input.fill(`${WORD}zzzz`);
  await expect(palette(page).getByRole('status')).toHaveText('No matches found.');
  await input.press('Escape');
  await expect(palette(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
