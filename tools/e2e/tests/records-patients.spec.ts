import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openDashboard } from './shell-session';

// A records journey (docs/product/industry-records.md): create a patient, find it by search, edit it, and see the count change on
// the healthcare overview. Names carry a run stamp so parallel tests and reruns never collide.

async function activePatients(page: Page): Promise<number> {
  await page.goto('/modules/healthcare/overview');
  const card = page.getByRole('region', { name: /^Active patients:/ });
  await expect(card).toBeVisible();
  const label = (await card.getAttribute('aria-label')) ?? '';
  return Number(label.replace(/^Active patients:\s*/, '').replace(/,/g, ''));
}

test('a patient is created, found by search, edited, and counted on the healthcare overview', async ({
  page,
}) => {
  const name = `Ada Patient ${Date.now()}`;
  await openDashboard(page);
  const before = await activePatients(page);

  await page.goto('/modules/healthcare/patients');
  await page.getByRole('button', { name: 'New Patient' }).click();
  const form = page.getByRole('dialog', { name: 'New Patient' });

  // The form answers with the API's own messages before anything is sent.
  await form.getByRole('button', { name: 'Create Patient' }).click();
  await expect(form.getByText('Full name is required')).toBeVisible();
  await expect(form.getByText('Date of birth is required')).toBeVisible();
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Create Patient' }).click();
  await expect(form.getByText('Email must be a valid email address')).toBeVisible();

  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Date of birth').fill('1984-05-17');
  await form.getByLabel('Email').fill('ada.patient@example.test');
  await form.getByLabel('Status').selectOption({ label: 'Active' });
  await form.getByRole('button', { name: 'Create Patient' }).click();
  await expect(form).toBeHidden();

  expect(await activePatients(page)).toBe(before + 1);

  await page.goto('/modules/healthcare/patients');
  await page.getByRole('searchbox', { name: 'Search patients' }).fill(name);
  await expect(page).toHaveURL(/q=Ada/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  // The search stays in the URL: a reload shows the same list.
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Patient' });
  await expect(edit.getByLabel('Full name')).toHaveValue(name);
  await edit.getByLabel('Status').selectOption({ label: 'Discharged' });
  await edit.getByLabel('Phone').fill('+1 555 0100 22');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Discharged');

  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('+1 555 0100 22')).toBeVisible();

  expect(await activePatients(page)).toBe(before);
});

test('a patient is deleted after confirmation', async ({ page }) => {
  const name = `Del Patient ${Date.now()}`;
  await page.goto('/modules/healthcare/patients');
  await page.getByRole('button', { name: 'New Patient' }).click();
  const form = page.getByRole('dialog', { name: 'New Patient' });
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Date of birth').fill('1990-01-02');
  await form.getByLabel('Status').selectOption({ label: 'Inactive' });
  await form.getByRole('button', { name: 'Create Patient' }).click();
  await expect(form).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search patients' }).fill(name);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete patient?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete patient?' })
    .getByRole('button', { name: 'Delete patient' })
    .click();
  await expect(page.getByText(`No patients match “${name}”`)).toBeVisible();
});
