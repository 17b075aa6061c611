import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  closeOpenedContexts,
  GLOBEX_OWNER,
  pageOf,
  SAME_ORIGIN,
  SUPER_ADMIN,
  sidebar,
} from './shell-session';

test.afterEach(closeOpenedContexts);

test.use({ as: GLOBEX_OWNER });

async function pay(page: Page, cardNumber: string): Promise<void> {
  await page.getByRole('button', { name: 'Choose Enterprise' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change to Enterprise' });
  await dialog.getByLabel('Card number').fill(cardNumber);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Pay and change plan' }).click();
}

test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ browser }) => {
  // Globex goes back to Growth (the console changes plans without a charge) for the other journeys.
  const page = await pageOf(browser, SUPER_ADMIN);
  const list = (await (await page.request.get('/api/platform/institutions')).json()) as Array<{
    id: string;
    slug: string;
  }>;
  const globex = list.find((row) => row.slug === 'globex');
  if (globex)
    await page.request.patch(`/api/platform/institutions/${globex.id}`, {
      headers: SAME_ORIGIN,
      data: { plan_id: 'growth' },
    });
});

test('a declined card shows a clear message and changes nothing', async ({ page }) => {
  await page.goto('/subscription/upgrade');
  await expect(page.getByRole('region', { name: 'Growth' })).toContainText('Current plan');
  await pay(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Your plan has not been changed.');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Growth' })).toContainText('Current plan');

  await page.goto('/subscription/billing');
  await expect(page.getByRole('region', { name: 'Current subscription' })).toContainText('Growth');
  await expect(page.getByText('No invoices yet')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment method' })).toContainText('No card on file yet');
});

test('an upgrade from Growth to Enterprise with the test card: Healthcare can be enabled, the invoice downloads', async ({
  page,
}) => {
  await page.goto('/administration');
  await expect(page.getByRole('switch', { name: 'Healthcare' })).toBeDisabled();

  await sidebar(page).getByRole('link', { name: 'Upgrade Plan' }).click();
  await pay(page, '4242 4242 4242 4242');
  const status = page.getByRole('status').filter({ hasText: 'Your plan is now Enterprise' });
  await expect(status).toContainText('You can now enable');
  await expect(status).toContainText('Healthcare');
  await expect(page.getByRole('region', { name: 'Enterprise' })).toContainText('Current plan');

  await status.getByRole('link', { name: 'Administration' }).click();
  const healthcare = page.getByRole('switch', { name: 'Healthcare' });
  await expect(healthcare).toBeEnabled();
  await healthcare.click();
  await expect(healthcare).toHaveAttribute('aria-checked', 'true');
  await expect(sidebar(page).getByRole('link', { name: 'Healthcare', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Audit log' })).toContainText('Changed plan');

  await page.goto('/subscription/billing');
  await expect(page.getByRole('region', { name: 'Current subscription' })).toContainText('Enterprise');
  await expect(page.getByRole('region', { name: 'Payment method' })).toContainText(
    'Visa ending in 4242, expires 12/2034',
  );
  const invoices = page.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByRole('row')).toHaveCount(2);
  await expect(invoices).toContainText('Growth → Enterprise');
  await expect(invoices).toContainText('$199.00');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    invoices.getByRole('button', { name: /^Download invoice INV-/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d+\.txt$/);
});
