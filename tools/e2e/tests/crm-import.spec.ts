import { expect, test } from './fixtures';
import { selectedInstitutionId, SAME_ORIGIN } from './shell-session';

/** A HubSpot contacts export of 1,000 rows; lines 101, 502 and 903 are broken in three different ways. */
function hubspotExport(tag: string): string {
  const lines = ['First Name,Last Name,Email Address,Phone Number,Company Name,Lifecycle Stage,Record ID'];
  for (let index = 0; index < 1000; index++) {
    const line = lines.length + 1;
    const first = line === 101 ? '' : `Pat${index}`;
    const email = line === 502 ? `broken.${tag}.example.com` : `pat${index}.${tag}@example.com`;
    const stage = line === 903 ? 'martian' : 'lead';
    lines.push(`${first},Import${tag},${email},+1 555 0100,"Acme ${index % 7}, Inc.",${stage},${index}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

test('imports a HubSpot export of 1,000 contacts, reports the 3 bad rows by line, and undoes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = String(Date.now());
  await page.goto('/modules/crm/contacts');
  await page.getByRole('link', { name: 'Import from CSV' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Import from CSV' })).toBeVisible();

  await page.getByLabel('CSV file').setInputFiles({
    name: 'hubspot-contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(hubspotExport(tag)),
  });
  await expect(page.getByText('hubspot-contacts.csv: 1,000 rows, 7 columns')).toBeVisible();

  // HubSpot's headers are matched automatically; Record ID is left out.
  const mapping = page.getByRole('table', { name: 'Column mapping' });
  await expect(mapping.getByLabel('Field for column First Name')).toHaveValue('first_name');
  await expect(mapping.getByLabel('Field for column Email Address')).toHaveValue('email');
  await expect(mapping.getByLabel('Field for column Company Name')).toHaveValue('company');
  await expect(mapping.getByLabel('Field for column Phone Number')).toHaveValue('phone');
  await expect(mapping.getByLabel('Field for column Lifecycle Stage')).toHaveValue('status');
  await expect(mapping.getByLabel('Field for column Record ID')).toHaveValue('__leave_out');

  // The preview names the three rows before anything is sent.
  await expect(page.getByText('997 rows ready, 3 with problems.')).toBeVisible();
  const preview = page.getByRole('table', { name: 'Rows with problems' });
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(preview.getByRole('row', { name: /^101 First name First name is required$/ })).toBeVisible();
  await expect(
    preview.getByRole('row', { name: /^502 E-mail E-mail must be an e-mail address$/ }),
  ).toBeVisible();
  await expect(preview.getByRole('row', { name: /^903 Status Status must be one of/ })).toBeVisible();

  await page.getByLabel('When a row matches an existing record').selectOption('skip');
  await page.getByRole('button', { name: 'Import 1,000 rows' }).click();

  const progress = page.getByRole('region', { name: 'Import progress' });
  await expect(
    progress.getByText('Import finished. 1,000 rows: 997 created, 0 updated, 0 skipped, 3 refused.'),
  ).toBeVisible({
    timeout: 60_000,
  });
  const refused = progress.getByRole('table', { name: 'Refused rows' });
  await expect(refused.getByRole('row', { name: /^101 / })).toBeVisible();
  await expect(refused.getByRole('row', { name: /^502 / })).toBeVisible();
  await expect(refused.getByRole('row', { name: /^903 / })).toBeVisible();

  const headers = { ...SAME_ORIGIN, 'X-Institution-Id': await selectedInstitutionId(page) };
  const search = async () =>
    (await (await page.request.get(`/api/crm/contacts/search?q=Import${tag}&limit=1`, { headers })).json())
      .total;
  expect(await search()).toBe(997);

  await progress.getByRole('button', { name: 'Undo import' }).click();
  await expect(progress.getByText('This import was undone.')).toBeVisible();
  expect(await search()).toBe(0);
});
