import { expect, test } from './fixtures';
import { acmeId, SAME_ORIGIN } from './shell-session';

test('contact search matches name, email, company and phone, and says when nothing matches', async ({
  page,
}) => {
  const stamp = Date.now();
  const created = await page.request.post('/api/crm/contacts', {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': await acmeId(page) },
    data: {
      first_name: 'Zelda',
      last_name: `Searchable${stamp}`,
      email: `zelda.${stamp}@quartz.example`,
      company: `Quartz Works ${stamp}`,
      phone: `+1 555 ${String(stamp).slice(-4)}`,
      title: 'CTO',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/modules/crm/contacts');
  await expect(page.getByRole('heading', { name: /^All Contacts \(\d+\)$/ })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search contacts' });

  await search.fill(`searchable${stamp}`);
  await expect(page.getByRole('heading', { name: 'All Contacts (1)' })).toBeVisible();
  const row = page.getByRole('button', { name: new RegExp(`Zelda Searchable${stamp}`) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`CTO at Quartz Works ${stamp}`);

  await search.fill(`ZELDA.${stamp}@QUARTZ`);
  await expect(page.getByRole('heading', { name: 'All Contacts (1)' })).toBeVisible();
  await search.fill(`quartz works ${stamp}`);
  await expect(page.getByRole('heading', { name: 'All Contacts (1)' })).toBeVisible();

  await row.click();
  await expect(page.getByRole('complementary', { name: 'Contact details' })).toContainText(
    `zelda.${stamp}@quartz.example`,
  );

  await search.fill(`nobody-${stamp}`);
  await expect(page.getByText('No contacts found matching your search')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'All Contacts (0)' })).toBeVisible();
});

test('Add Contact validates and creates a contact', async ({ page }) => {
  const last = `Added${Date.now()}`;
  await page.goto('/modules/crm/contacts');
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Contact' });
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
  await dialog.getByLabel('First name *').fill('Nia');
  await dialog.getByLabel('Last name *').fill(last);
  await dialog.getByLabel('Email').fill(`nia.${last.toLowerCase()}@example.com`);
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill(last);
  await expect(page.getByRole('heading', { name: 'All Contacts (1)' })).toBeVisible();
});

test('a failed contacts load shows Failed to load contacts', async ({ page }) => {
  await page.route('**/api/crm/contacts?*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' }),
  );
  await page.goto('/modules/crm/contacts');
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Failed to load contacts'),
  ).toBeVisible({
    timeout: 20_000,
  });
});
