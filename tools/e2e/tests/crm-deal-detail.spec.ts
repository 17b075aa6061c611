import { expect, test } from './fixtures';
import { acmeId, SAME_ORIGIN } from './shell-session';

test('an unknown deal says Deal not found and Go Back returns', async ({ page }) => {
  await page.goto('/modules/crm/deals');
  await page.goto('/modules/crm/deals/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Deal not found' })).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/modules\/crm\/deals$/);
});

test('a deal shows its tiles and tabs; files upload, list and delete; an activity is added', async ({
  page,
}) => {
  const name = `E2E Detail ${Date.now()}`;
  const created = await page.request.post('/api/crm/deals', {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': await acmeId(page) },
    data: { name, amount: 2500, stage: 'proposal' },
  });
  const id = (await created.json()).id as string;
  await page.goto(`/modules/crm/deals/${id}`);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText('Not set', { exact: true })).toBeVisible();
  await expect(page.getByText('Unknown', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link Account' })).toBeVisible();

  await page.getByRole('tab', { name: 'Activities' }).click();
  await expect(page.getByText('No activities recorded')).toBeVisible();
  await page.getByRole('button', { name: 'Add First Activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Activity' });
  await dialog.getByLabel('Type').selectOption('meeting');
  await dialog.getByLabel('Subject *').fill('Kick-off meeting');
  await dialog.getByRole('button', { name: 'Add Activity' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 4, name: /Kick-off meeting/ })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Meeting' })).toBeVisible();

  await page.getByRole('tab', { name: 'Contact' }).click();
  await expect(page.getByText('No contact associated')).toBeVisible();

  await page.getByRole('tab', { name: 'Files' }).click();
  await expect(page.getByText('No files uploaded')).toBeVisible();
  await page.getByTestId('deal-file-input').setInputFiles({
    name: 'proposal.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Proposal v1'),
  });
  await expect(page.getByRole('list', { name: 'Deal files' }).getByText('proposal.txt')).toBeVisible();
  await page.getByTestId('deal-file-input').setInputFiles({
    name: 'huge.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(page.getByText('File is too large: the limit is 5 MB')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download proposal.txt' }).click();
  expect((await download).suggestedFilename()).toBe('proposal.txt');

  page.once('dialog', (confirm) => void confirm.accept());
  await page.getByRole('button', { name: 'Delete proposal.txt' }).click();
  await expect(page.getByText('No files uploaded')).toBeVisible();
});

test('Edit saves the deal, and the more menu deletes it after confirmation', async ({ page }) => {
  const name = `E2E Edit ${Date.now()}`;
  const created = await page.request.post('/api/crm/deals', {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': await acmeId(page) },
    data: { name, amount: 900, stage: 'qualification' },
  });
  const id = (await created.json()).id as string;
  await page.goto('/modules/crm/deals');
  await page.goto(`/modules/crm/deals/${id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Deal' });
  await dialog.getByLabel('Deal name *').fill(`${name} (renamed)`);
  await dialog.getByLabel('Probability (%)').fill('70');
  await dialog.getByLabel('Expected close date').fill('2031-06-30');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: `${name} (renamed)` })).toBeVisible();
  await expect(page.getByText('70%')).toBeVisible();
  await expect(page.getByText('Jun 30, 2031')).toBeVisible();

  await page.getByRole('button', { name: 'More deal actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete deal' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this deal?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `${name} (renamed)` })).toBeVisible();
  await page.getByRole('button', { name: 'More deal actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete deal' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this deal?' })
    .getByRole('button', { name: 'Delete Deal' })
    .click();
  await expect(page).toHaveURL(/\/modules\/crm\/deals$/);
  const gone = await page.request.get(`/api/crm/deals/${id}`, {
    headers: { 'X-Institution-Id': await acmeId(page) },
  });
  expect(gone.status()).toBe(404);
});

test('a failed detail load shows Failed to load deal details', async ({ page }) => {
  await page.route('**/api/crm/deals/11111111-1111-4111-8111-111111111111', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' }),
  );
  await page.goto('/modules/crm/deals/11111111-1111-4111-8111-111111111111');
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Failed to load deal details'),
  ).toBeVisible({
    timeout: 20_000,
  });
});
