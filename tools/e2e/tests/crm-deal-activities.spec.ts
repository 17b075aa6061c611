import { expect, test } from './fixtures';
import { acmeId, SAME_ORIGIN } from './shell-session';

test('the activities page filters by status and marks an activity completed', async ({ page }) => {
  const subject = `E2E follow-up ${Date.now()}`;
  const created = await page.request.post('/api/crm/activities', {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': await acmeId(page) },
    data: { type: 'task', subject, status: 'pending', due_date: '2030-03-01T12:00:00.000Z' },
  });
  expect(created.status()).toBe(201);

  await page.goto('/modules/crm/activities');
  await page.getByLabel('Status').selectOption('pending');
  const row = page.getByRole('row', { name: new RegExp(subject) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('pending');
  await expect(row).toContainText('Mar 1, 2030');
  await row.getByRole('button', { name: `Mark completed: ${subject}` }).click();
  await expect(page.getByText('Activity completed')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByLabel('Status').selectOption('completed');
  await expect(page.getByRole('row', { name: new RegExp(subject) })).toContainText('completed');
});
