import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { institutionIdOf } from './admin-session';
import { ACME_VIEWER, GLOBEX_OWNER, openDashboard, SAME_ORIGIN } from './shell-session';

test.describe(() => {
  test.use({ as: ACME_VIEWER });
  test('a read-only user sees no create, edit, delete or import controls and the API refuses their writes', async ({
    page,
  }) => {
    await page.goto('/modules/healthcare/patients');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    for (const name of ['New Patient', 'Import CSV', /^Edit /, /^Delete /]) {
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    }

    const first = page.getByRole('table').getByRole('link').first();
    const name = ((await first.textContent()) ?? '').trim();
    await first.click();
    // The record's own heading (its related records have headings of their own once they load).
    await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    await page.goto('/modules/project/tasks?view=board');
    await expect(page.getByRole('region', { name: /^Todo \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Drag / })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: /^Move .* to$/ })).toHaveCount(0);

    const acme = await institutionIdOf(page, 'Acme Corporation');
    const write = await page.request.post('/api/modules/healthcare/patients/records', {
      headers: { ...SAME_ORIGIN, 'X-Institution-Id': acme },
      data: { data: { full_name: 'Not Allowed', date_of_birth: '1980-01-01', status: 'active' } },
    });
    expect(write.status()).toBe(403);
    const read = await page.request.get('/api/modules/healthcare/patients/records?limit=1', {
      headers: { 'X-Institution-Id': acme },
    });
    expect(read.status()).toBe(200);
  });
});

test.describe(() => {
  test.use({ as: GLOBEX_OWNER });
  test('a premium module is absent for an institution whose plan lacks it', async ({ page }) => {
    await openDashboard(page);
    await expect(page.getByRole('navigation').getByText('Hotel Management')).toHaveCount(0);
    await page.goto('/modules/hotel/reservations');
    await expect(page.getByText('Hotel Management is not available to you')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Reservation' })).toHaveCount(0);
    const globex = await institutionIdOf(page, 'Globex Retail');
    const read = await page.request.get('/api/modules/hotel/reservations/records', {
      headers: { 'X-Institution-Id': globex },
    });
    expect(read.status()).toBe(403);
  });
});

test('records export to CSV and import from CSV with progress and a per-row error report', async ({
  page,
}) => {
  const stamp = Date.now();
  await page.goto('/modules/project/tasks?view=table');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^project-tasks-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const exported = readFileSync(path, 'utf8');
  expect(exported.split(/\r?\n/)[0]).toContain('title');
  expect(exported.split(/\r?\n/).filter(Boolean).length).toBeGreaterThan(1);

  const csv = [
    'Title,Status,Priority,Estimate (hours)',
    `Imported task A ${stamp},todo,high,4`,
    `Imported task B ${stamp},In progress,low,2`,
    `Imported task C ${stamp},someday,low,lots`,
  ].join('\n');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import tasks' });
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'tasks.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Start import' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(dialog.getByText('Finished: 2 created, 1 refused of 3 rows.')).toBeVisible();
  const report = dialog.getByRole('table', { name: 'Rows refused' });
  await expect(report.getByRole('row', { name: /^4 Status Status must be one of/ })).toBeVisible();
  await expect(
    report.getByRole('row', { name: /^4 Estimate \(hours\) Estimate \(hours\) must be a number/ }),
  ).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
    'aria-valuenow',
    '3',
  );
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('searchbox', { name: 'Search tasks' }).fill(`${stamp}`);
  await expect(page.getByRole('row', { name: new RegExp(`Imported task A ${stamp}`) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Imported task B ${stamp}`) })).toContainText(
    'In progress',
  );
  await expect(page.getByRole('row', { name: new RegExp(`Imported task C ${stamp}`) })).toHaveCount(0);
});
