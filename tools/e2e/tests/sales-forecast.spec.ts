import { expect, test } from './fixtures';
import { acmeId, SAME_ORIGIN } from './shell-session';

/** docs/product/forecast.md and goals.md: the figures are proven by the API tests; here, what a manager sees and does. */
test('a manager reads the forecast, commits a deal, exports it, and sees goal progress on the CRM page and home', async ({
  page,
}) => {
  const headers = { ...SAME_ORIGIN, 'X-Institution-Id': await acmeId(page) };
  const name = `E2E Forecast ${Date.now()}`;
  // A month far ahead, so the deal is the only one there.
  const created = await page.request.post('/api/crm/deals', {
    headers,
    data: { name, amount: 4000, stage: 'proposal', expected_close_date: '2032-03-15' },
  });
  expect(created.status()).toBe(201);
  const now = new Date();
  const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const goal = await page.request.post('/api/crm/goals', {
    headers,
    data: { assignee: 'team', metric: 'new_leads', period: 'month', period_start: month, target: 100000 },
  });
  expect(goal.status()).toBe(201);

  await page.goto('/modules/sales/forecasting');
  await page.getByLabel('From month').fill('2032-03');
  await page.getByLabel('To month').fill('2032-03');
  await page.getByLabel('To month').press('Enter');
  const byOwner = page.getByRole('table', { name: 'Forecast by owner' });
  // 4,000 at proposal (50 %).
  await expect(byOwner.getByRole('row', { name: /Dana Reyes/ })).toContainText('$2,000.00');
  await expect(page.getByRole('table', { name: 'Team roll-up' })).toContainText('$2,000.00');

  const category = page.getByRole('combobox', { name: `Forecast category of ${name}` });
  await expect(category).toHaveValue('pipeline');
  await category.selectOption('commit');
  await page.getByLabel('Figure').selectOption('commit');
  await expect(byOwner.getByRole('row', { name: /All owners/ })).toContainText('$4,000.00');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('forecast-2032-03-to-2032-03.csv');
  const csv = Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8');
  expect(csv).toContain('Dana Reyes,2032-03,Commit,1,4000.00,2000.00');

  // The deal's own page shows (and would change) the same category.
  await page.goto(`/modules/crm/deals/${(await created.json()).id}`);
  await expect(page.getByRole('combobox', { name: 'Forecast category' })).toHaveValue('commit');

  await page.goto('/modules/crm');
  const goals = page.getByRole('region', { name: 'Sales goals' });
  await expect(goals.getByText(/^New leads · Acme .* · /).first()).toBeVisible();
  await expect(goals.getByRole('progressbar').first()).toBeVisible();
  await page.goto('/dashboard');
  await expect(
    page.getByRole('region', { name: 'Sales goals' }).getByRole('list', { name: 'Sales goal progress' }),
  ).toBeVisible();
});
