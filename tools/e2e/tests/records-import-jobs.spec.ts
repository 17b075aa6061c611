import type { Page } from '@playwright/test';
import { Client } from 'pg';
import { expect, test } from './fixtures';

/*
 * What a person sees of a long import: the progress goes on through a page reload, the reopened
 * screen shows it moving, then the result. The data work itself (30,000 rows in batches from a
 * worker process, every row once, progress that only moves forward) is proven in the API tests:
 * apps/api/src/imports/import-jobs.e2e-spec.ts ("a large import") and import-crash.e2e-spec.ts.
 */

/** "Importing… 1500 of 6000 rows" → 1500. */
async function rowsDone(page: Page): Promise<number> {
  const value = await page
    .getByRole('progressbar', { name: 'Import progress' })
    .getAttribute('aria-valuenow');
  return Number(value);
}

/**
 * Holds the import where it is: each batch first locks the import's row (import-jobs.service.ts),
 * so while this transaction holds that lock the import cannot move. The reload below then always
 * meets an import under way, on any machine, instead of racing a fast one to the end.
 */
async function holdImport(importId: string): Promise<{ release(): Promise<void> }> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is set by the global setup');
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  const { rows } = await client.query<{ status: string }>(
    'SELECT status FROM record_imports WHERE id = $1 FOR UPDATE',
    [importId],
  );
  expect(rows[0]?.status, 'the import is still under way when it is held').toMatch(/^(pending|running)$/);
  return {
    async release() {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

// The hold needs the run's PostgreSQL server; the embedded database belongs to the e2e server alone.
test.skip(process.env.E2E_EMBEDDED === '1', 'needs PostgreSQL: the journey holds the import in its database');

test('an import runs on through a page reload, and the reopened screen shows its progress to the end', async ({
  page,
}) => {
  const total = 6_000;
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
  const [started] = await Promise.all([
    page.waitForResponse(
      (response) => response.url().endsWith('/records/import') && response.request().method() === 'POST',
    ),
    dialog.getByRole('button', { name: 'Start import' }).click(),
  ]);
  expect(started.status()).toBe(202);
  const hold = await holdImport(((await started.json()) as { id: string }).id);
  let held = true;
  try {
    await expect(dialog.getByText(new RegExp(`^Importing… \\d+ of ${total} rows$`))).toBeVisible();
    await expect(dialog.getByText('The import goes on if you close this window.')).toBeVisible();

    await page.reload();
    // The import was found still under way and is shown on the screen.
    const panel = page.getByRole('region', { name: 'CSV import' });
    await expect(panel.getByText(new RegExp(`^Importing… \\d+ of ${total} rows$`))).toBeVisible();
    const seen = await rowsDone(page);
    expect(seen).toBeLessThan(total);

    await hold.release();
    held = false;
    // Moving again, on the reopened screen, to the end.
    await expect.poll(() => rowsDone(page)).toBeGreaterThan(seen);
    await expect(panel.getByText(`Finished: ${total} created, 0 refused of ${total} rows.`)).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByText(`${total} created, 0 refused.`)).toBeVisible();
    await expect(panel.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      String(total),
    );

    // The rows are in the table.
    await page.getByRole('searchbox', { name: 'Search resources' }).fill(`Reload ${stamp} 2999`);
    await expect(page.getByRole('row', { name: new RegExp(`Reload ${stamp} 2999\\b`) })).toHaveCount(1);
    await panel.getByRole('button', { name: 'Dismiss' }).click();
    await expect(panel).toBeHidden();
  } finally {
    if (held) await hold.release();
  }
});
