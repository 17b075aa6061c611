import { expect, test } from './fixtures';
import { closeOpenedContexts, DANA, pageOf, SUPER_ADMIN } from './shell-session';

test.afterEach(closeOpenedContexts);

test('a screen’s failure is logged to the console and reported to the platform’s Error Reports', async ({
  browser,
}) => {
  const dana = await pageOf(browser, DANA);
  const consoleErrors: string[] = [];
  dana.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  // The chart's data call fails; only that call — the report itself reaches the real API.
  await dana.route('**/api/crm/analytics/charts', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' }),
  );
  await dana.goto('/modules/crm');
  await expect(dana.getByText('Chart unavailable').first()).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => consoleErrors.some((text) => text.includes('Leads per week chart failed to load')))
    .toBe(true);

  const admin = await pageOf(browser, SUPER_ADMIN);
  await admin.goto('/platform');
  const reports = admin.getByRole('region', { name: 'Error reports' });
  // The error's text is the summary of its fold-out detail, inside the row.
  const row = reports.getByRole('row').filter({ hasText: 'Leads per week chart failed to load' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Acme Corporation');
  await expect(row).toContainText(DANA.email);
  await expect(row).toContainText('crm');
  await expect(row).toContainText('/modules/crm');
});
