import { acmeId } from './crm-leads-session';
import { expect, test } from './fixtures';
import { SAME_ORIGIN } from './shell-session';

test('a sequence built by keyboard in the builder, a contact enrolled from the contacts list, the step figures on its page', async ({
  page,
}) => {
  const stamp = Date.now();
  const headers = { ...SAME_ORIGIN, 'X-Institution-Id': await acmeId(page) };
  const created = await page.request.post('/api/crm/contacts', {
    headers,
    data: { first_name: 'Quill', last_name: `Sequence ${stamp}`, email: `quill.${stamp}@mail.test` },
  });
  expect(created.status()).toBe(201);

  await page.goto('/modules/crm/sequences/new');
  await expect(page.getByRole('heading', { level: 2, name: 'New Sequence' })).toBeVisible();
  const name = `Follow-up ${stamp}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Subject', { exact: true }).fill('Hello {{first_name}}');
  await page.getByLabel('Message', { exact: true }).fill('Shall we talk?');
  // A wait added and moved above the e-mail, by keyboard; focus follows the step.
  await page.getByRole('button', { name: 'Add wait' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2: Wait' })).toBeFocused();
  await page.getByRole('button', { name: 'Move up step 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Step 1: Wait' })).toBeFocused();
  await page.getByRole('switch', { name: 'Business days only' }).press('Enter');
  // Back below the e-mail, then save.
  await page.getByRole('button', { name: 'Move down step 1' }).press('Enter');
  await page.getByRole('button', { name: 'Save Sequence' }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  const steps = page.getByRole('table', { name: 'Steps' });
  await expect(steps.getByRole('row')).toHaveCount(3);
  await expect(steps.getByRole('row').nth(1)).toContainText('E-mail: Hello {{first_name}}');
  await expect(steps.getByRole('row').nth(2)).toContainText('Wait 2 business days');

  // From the contacts list: the one contact the search shows, into the new sequence.
  await page.goto('/modules/crm/contacts');
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill(`Sequence ${stamp}`);
  await expect(page.getByRole('heading', { name: 'All Contacts (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Enroll in Sequence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enroll in Sequence' });
  await dialog.getByLabel('Sequence', { exact: true }).selectOption({ label: name });
  await expect(dialog.getByRole('checkbox', { name: /Quill Sequence/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Enroll', exact: true }).click();
  await expect(page.getByText('1 enrolled')).toBeVisible();

  // The first e-mail goes at once (to the outbox here): its figure shows on the sequence page.
  await page.goto('/modules/crm/sequences');
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('table', { name: 'Enrolled people' })).toContainText(`Quill Sequence ${stamp}`);
  await expect
    .poll(async () => (await steps.getByRole('row').nth(1).getByRole('cell').nth(2).textContent())?.trim(), {
      timeout: 10_000,
      intervals: [500],
    })
    .toBe('1');
});
