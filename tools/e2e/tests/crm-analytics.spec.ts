import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function choosePeriod(page: Page, value: string, label: string) {
  await page.getByLabel('Period').selectOption(value);
  // The description reads just the period once the new figures are in.
  await expect(page.getByRole('paragraph').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
}

const tile = (page: Page, name: string) => page.getByRole('region', { name }).locator('strong');

test('changing the analytics period recomputes the tiles', async ({ page }) => {
  await page.goto('/modules/crm/analytics');
  await expect(page.getByLabel('Period')).toHaveValue('last_30_days');
  for (const name of ['Total Revenue', 'Conversion Rate', 'Pipeline Velocity', 'Win Rate'])
    await expect(page.getByRole('region', { name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total Revenue' })).toContainText('from last period');

  await choosePeriod(page, 'last_7_days', 'Last 7 days');
  const week = [
    await tile(page, 'Total Revenue').textContent(),
    await tile(page, 'Conversion Rate').textContent(),
  ];
  await choosePeriod(page, 'last_year', 'Last year');
  const year = [
    await tile(page, 'Total Revenue').textContent(),
    await tile(page, 'Conversion Rate').textContent(),
  ];
  // The demo data closes deals over the past months: a year holds revenue a week does not.
  expect(year).not.toEqual(week);
  expect(Number(year[0]?.replace(/[$,]/g, ''))).toBeGreaterThan(Number(week[0]?.replace(/[$,]/g, '')));

  await page.getByRole('tab', { name: 'Forecast' }).click();
  await expect(page.getByRole('region', { name: 'Next Quarter Projection' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Growth Rate' })).toContainText('%');
  await expect(page.getByRole('region', { name: 'Confidence' })).toContainText('%');
  await expect(page.getByText(/Least-squares linear trend over the last 12 complete months/)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('crm-analytics-last_year.csv');
  const text = await (await file.createReadStream()).toArray();
  const csv = Buffer.concat(text).toString('utf8');
  expect(csv.split('\r\n')[0]).toBe('Section,Metric,Value');
  expect(csv).toContain(`Summary,Total Revenue,${year[0]?.replace(/[$,]/g, '')}`);
});

test('AI Insights list real records with links', async ({ page }) => {
  await page.goto('/modules/crm');
  await page.getByRole('tablist', { name: 'CRM sections' }).getByRole('tab', { name: 'AI Insights' }).click();
  const insights = page.getByRole('list', { name: 'Insights' });
  await expect(insights.getByRole('listitem').first()).toBeVisible();
  const link = insights.getByRole('link', { name: /^Open (deal|lead) / }).first();
  await link.click();
  await expect(page).toHaveURL(/\/modules\/crm\/(deals|leads)\/[0-9a-f-]{36}$/);
});
