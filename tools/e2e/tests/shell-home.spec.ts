import { expect, test } from './fixtures';
import { SAME_ORIGIN, selectedInstitutionId, openDashboard } from './shell-session';

test('the home shows each module’s key figures on their own, what is due and recently viewed records', async ({
  page,
}) => {
  await openDashboard(page);
  const figures = page.getByRole('list', { name: 'Key figures' });
  // Each tile answers on its own, with a link to its screen.
  for (const label of ['Pipeline value', 'Today’s appointments', 'Occupancy tonight', 'Open invoices']) {
    const tile = figures.getByRole('article', { name: label });
    await expect(tile.getByText(/^[$\d]/)).toBeVisible({ timeout: 30_000 });
  }
  const invoices = figures.getByRole('article', { name: 'Open invoices' });
  await invoices.getByRole('link', { name: 'Open in Finance' }).click();
  await expect(page).toHaveURL(
    /\/modules\/finance\/invoicing\?view=table&f=status%3Asent&f=status%3Aoverdue/,
  );
  // The finance screens come from a remote loaded on first use.
  await expect(page.getByRole('group', { name: 'Filter invoices' }).getByText('Status (2)')).toBeVisible({
    timeout: 60_000,
  });

  // Opening a record puts it on "Recently viewed".
  const first = page.getByRole('table').getByRole('link').first();
  const title = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/modules\/finance\/invoicing\/[0-9a-f-]{36}$/);
  // The view is recorded when the detail is read, so leave only once it shows.
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await page.goto('/dashboard');
  const viewed = page.getByRole('list', { name: 'Recently viewed records' });
  await expect(viewed.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 30_000 });
  await expect(viewed.getByRole('listitem').filter({ hasText: title }).first()).toContainText('Finance · ');
  await expect(page.getByRole('heading', { name: 'Due today and overdue' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pinned modules', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent modules' })).toBeVisible();
});

test('a tile that fails says so and leaves the others standing', async ({ page }) => {
  await page.route('**/api/home/modules/hotel/tiles/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Tile store down"}' }),
  );
  await openDashboard(page);
  const figures = page.getByRole('list', { name: 'Key figures' });
  await expect(figures.getByRole('article', { name: 'Occupancy tonight' }).getByRole('alert')).toContainText(
    'Could not load occupancy tonight',
  );
  await expect(figures.getByRole('article', { name: 'Open invoices' }).getByText(/^\d/)).toBeVisible();
});

test('a CRM deal opened from the pipeline joins the home’s recently viewed, and opens again from there', async ({
  page,
}) => {
  await openDashboard(page);
  const headers = { ...SAME_ORIGIN, 'X-Institution-Id': await selectedInstitutionId(page) };
  const name = `Recently opened ${Date.now()}`;
  const created = await page.request.post('/api/crm/deals', { headers, data: { name, amount: 1200 } });
  expect(created.status()).toBe(201);
  const dealId = (await created.json()).id as string;

  await page.goto(`/modules/crm/deals/${dealId}`);
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 60_000 });
  await page.goto('/dashboard');
  const viewed = page.getByRole('list', { name: 'Recently viewed records' });
  const item = viewed.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('CRM · Deals', { timeout: 30_000 });
  await item.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/modules/crm/deals/${dealId}$`));
});
