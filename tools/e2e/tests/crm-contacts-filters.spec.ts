import { expect, test } from './fixtures';

test('the CRM page filter panel narrows the tabs, keeps its state in the URL, and clears', async ({
  page,
}) => {
  await page.goto('/modules/crm?tab=contacts');
  await expect(page.getByRole('heading', { name: 'Enhanced CRM Dashboard' })).toBeVisible();
  const heading = page.getByRole('heading', { name: /^All Contacts \(\d+\)$/ });
  await expect(heading).toBeVisible();
  const all = Number((await heading.textContent())?.match(/\((\d+)\)/)?.[1]);
  expect(all).toBeGreaterThan(0);

  await page.getByLabel('Lead Source').selectOption('referral');
  await expect(page).toHaveURL(/source=referral/);
  await expect(page.getByRole('button', { name: 'Remove filter Lead Source: Referral' })).toBeVisible();
  await expect(heading).not.toHaveText(`All Contacts (${all})`);
  const referral = Number((await heading.textContent())?.match(/\((\d+)\)/)?.[1]);
  expect(referral).toBeLessThan(all);

  await page.getByLabel('Contact Segment').selectOption('hot');
  await expect(page).toHaveURL(/segment=hot/);
  await page.getByRole('button', { name: 'Remove filter Lead Source: Referral' }).click();
  await expect(page).not.toHaveURL(/source=/);
  await expect(page).toHaveURL(/segment=hot/);

  // The pipeline honours the same filters; Clear All removes every one.
  await page.getByRole('tab', { name: 'Pipeline' }).click();
  await expect(page).toHaveURL(/tab=pipeline/);
  await expect(page.getByRole('heading', { name: 'Deals Pipeline' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page).not.toHaveURL(/segment=/);
  await expect(page.getByText('No filters applied.')).toBeVisible();
  await page.getByRole('tab', { name: 'Contacts' }).click();
  // Every contact again: at least as many as before (other people may add contacts meanwhile, and
  // their changes reach this screen live).
  await expect
    .poll(async () => Number((await heading.textContent())?.match(/\((\d+)\)/)?.[1]))
    .toBeGreaterThanOrEqual(all);
});
