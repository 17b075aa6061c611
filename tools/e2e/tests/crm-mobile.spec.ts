import { expect, test } from './fixtures';

test.use({ viewport: { width: 375, height: 800 } });

test('on a phone the CRM page fits the screen; the pipeline board scrolls inside it', async ({ page }) => {
  await page.goto('/modules/crm?tab=pipeline');
  await expect(page.getByRole('heading', { name: 'Deals Pipeline' })).toBeVisible();
  await expect(page.locator('article[data-deal-id]').first()).toBeAttached();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
});
