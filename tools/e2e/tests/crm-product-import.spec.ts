import { expect, test } from './fixtures';

test('imports products from CSV through the Products page, refusing the row with an inexact price', async ({
  page,
}) => {
  const tag = String(Date.now());
  await page.goto('/modules/crm/products');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Import from CSV' })).toBeVisible();
  await expect(page.getByLabel('Import into')).toHaveValue('products');

  await page.getByLabel('CSV file').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Name,Code,Tax %,Billing,Active,Price USD,Price EUR',
        `Onboarding ${tag},ONB-${tag},7.25,one_time,yes,"1,250.50",1150`,
        `Broken ${tag},BRK-${tag},,monthly,yes,19.999,`,
      ].join('\r\n'),
    ),
  });
  const mapping = page.getByRole('table', { name: 'Column mapping' });
  await expect(mapping.getByLabel('Field for column Price EUR')).toHaveValue('price_EUR');
  await expect(page.getByText('1 rows ready, 1 with problems.')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Rows with problems' }).getByRole('row', {
      name: /^3 Price USD Price USD must be an amount of 0 or more with at most 2 decimals$/,
    }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Import progress' })
      .getByText('Import finished. 2 rows: 1 created, 0 updated, 0 skipped, 1 refused.'),
  ).toBeVisible();

  await page.goto('/modules/crm/products');
  await page.getByLabel('Search products').fill(tag);
  const catalogue = page.getByRole('table', { name: 'Products' });
  const imported = catalogue.getByRole('row').filter({ hasText: `Onboarding ${tag}` });
  await expect(imported).toContainText('€1,150.00, $1,250.50');
  await expect(imported).toContainText('7.25%');
  await expect(catalogue.getByText(`Broken ${tag}`)).toHaveCount(0);
});
