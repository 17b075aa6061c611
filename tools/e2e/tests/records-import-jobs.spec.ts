import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** "Importing… 1500 of 30000 rows" → 1500. */
async function rowsDone(page: Page): Promise<number> {
  const value = await page
    .getByRole('progressbar', { name: 'Import progress' })
    .getAttribute('aria-valuenow');
  return Number(value);
}

test('an import runs on through a page reload, and the reopened screen shows its progress to the end', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const total = 30_000;
  const stamp = Date.now();
  const csv = `Name,Availability\n${Array.from({ length: total }, (_, index) => `Reload ${stamp} ${index},available`).join('\n')}\n`;
  // Resources, not tasks: another spec imports tasks for the same person at the same time, and the
  // screen resumes the person's import under way in that submodule.
  await page.goto('/modules/project/resources?view=table');

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import resources' });
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'resources.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Start import' }).click();
  await expect(dialog.getByText(new RegExp(`^Importing… \\d+ of ${total} rows$`))).toBeVisible();
  await expect(dialog.getByText('The import goes on if you close this window.')).toBeVisible();

  await page.reload();
  // The import was found still under way and is shown on the screen, moving.
  const panel = page.getByRole('region', { name: 'CSV import' });
  await expect(panel.getByText(new RegExp(`^Importing… \\d+ of ${total} rows$`))).toBeVisible();
  const seen = await rowsDone(page);
  expect(seen).toBeLessThan(total);
  await expect.poll(() => rowsDone(page), { timeout: 60_000 }).toBeGreaterThan(seen);
  await expect(panel.getByText(`Finished: ${total} created, 0 refused of ${total} rows.`)).toBeVisible({
    timeout: 90_000,
  });
  await expect(page.getByText(`${total} created, 0 refused.`)).toBeVisible();
  await expect(panel.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
    'aria-valuenow',
    String(total),
  );

  // Every row is there once.
  await page.getByRole('searchbox', { name: 'Search resources' }).fill(`Reload ${stamp} 2999`);
  await expect(page.getByRole('row', { name: new RegExp(`Reload ${stamp} 2999\\b`) })).toHaveCount(1);
  await panel.getByRole('button', { name: 'Dismiss' }).click();
  await expect(panel).toBeHidden();
});
