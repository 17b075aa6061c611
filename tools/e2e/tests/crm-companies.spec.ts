import { expect, test } from './fixtures';
import { acmeId, SAME_ORIGIN } from './shell-session';

test('New Company checks its fields, then opens the company’s page', async ({ page }) => {
  const name = `Quillon Labs ${Date.now()}`;
  await page.goto('/modules/crm/companies');
  await expect(page.getByRole('table', { name: 'Companies' })).toBeVisible();
  await page.getByRole('button', { name: 'New Company' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Company' });
  await dialog.getByLabel('Domain').fill('not a domain');
  await dialog.getByRole('button', { name: 'Create Company' }).click();
  await expect(dialog.getByText('Company name is required')).toBeVisible();
  await expect(dialog.getByText('Domain must be a web domain such as acme.com')).toBeVisible();

  await dialog.getByLabel('Company name *').fill(name);
  await dialog.getByLabel('Domain').fill('https://www.Quillon.example/');
  await dialog.getByLabel('Industry').selectOption('technology');
  await dialog.getByLabel('Size').selectOption('11-50');
  await dialog.getByRole('button', { name: 'Create Company' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('quillon.example')).toBeVisible();
  await expect(page.getByText('11-50 employees')).toBeVisible();
});

test('Link Account creates a company for a deal, and its name opens it', async ({ page }) => {
  const headers = { ...SAME_ORIGIN, 'X-Institution-Id': await acmeId(page) };
  const stamp = Date.now();
  const created = await page.request.post('/api/crm/deals', {
    headers,
    data: { name: `Account deal ${stamp}`, amount: 2500 },
  });
  const deal = (await created.json()) as { id: string };
  const company = `Linkton ${stamp}`;

  await page.goto(`/modules/crm/deals/${deal.id}`);
  await page.getByRole('button', { name: 'Link Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link Account' });
  await dialog.getByLabel('New company name').fill(company);
  await dialog.getByRole('button', { name: 'Create and Link' }).click();
  await expect(dialog).toBeHidden();

  const saved = (await (await page.request.get(`/api/crm/deals/${deal.id}`, { headers })).json()) as {
    company_id: string;
    account_id: string;
  };
  expect(saved.account_id).toBe(saved.company_id);
  const account = page.getByRole('link', { name: company, exact: true });
  await expect(account).toBeVisible();
  await account.click();
  await expect(page).toHaveURL(new RegExp(`/modules/crm/companies/${saved.company_id}$`));
  await expect(page.getByRole('heading', { name: company })).toBeVisible();
  await expect(page.getByRole('link', { name: `Account deal ${stamp}` })).toBeVisible();
});
