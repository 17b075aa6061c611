import { expect, test } from './fixtures';
import { acmeId, SAME_ORIGIN } from './shell-session';

test('Link Contact and Link Account save the choice on the deal', async ({ page }) => {
  const headers = { 'X-Institution-Id': await acmeId(page) };
  const name = `E2E Link ${Date.now()}`;
  const created = await page.request.post('/api/crm/deals', {
    headers: { ...SAME_ORIGIN, ...headers },
    data: { name, amount: 1800, stage: 'qualification' },
  });
  const deal = (await created.json()) as { id: string };
  const contacts = (await (await page.request.get('/api/crm/contacts?limit=1', { headers })).json()) as
    | Array<{ id: string; first_name: string; last_name: string; company_id: string | null }>
    | { rows: Array<{ id: string; first_name: string; last_name: string; company_id: string | null }> };
  const contact = (Array.isArray(contacts) ? contacts[0] : contacts.rows[0]) as
    | { id: string; first_name: string; last_name: string; company_id?: string | null }
    | undefined;
  if (!contact) throw new Error('the demo data has contacts');
  const fullName = `${contact.first_name} ${contact.last_name}`;

  await page.goto(`/modules/crm/deals/${deal.id}`);
  // Link Account first: a deal without a contact may name any company of the institution.
  await page.getByRole('button', { name: 'Link Account' }).click();
  const accountDialog = page.getByRole('dialog', { name: 'Link Account' });
  const account = accountDialog.getByLabel('Account');
  const firstOption = account.locator('option:not([value=""])').first();
  const firstAccount = await firstOption.getAttribute('value');
  // The option reads "Name (domain)": the deal then shows the name, never an id.
  const firstName = ((await firstOption.textContent()) ?? '').replace(/ \(.*\)$/, '');
  await account.selectOption({ value: firstAccount ?? '' });
  await accountDialog.getByRole('button', { name: 'Link Account' }).click();
  await expect(accountDialog).toBeHidden();
  await expect(page.getByRole('link', { name: firstName, exact: true })).toBeVisible();

  // Linking a contact who works at a company moves the deal to that company (docs/product/companies.md#consistency).
  await page.getByRole('tab', { name: 'Contact' }).click();
  await expect(page.getByText('No contact associated')).toBeVisible();
  await page.getByRole('button', { name: 'Link Contact' }).click();
  const contactDialog = page.getByRole('dialog', { name: 'Link Contact' });
  // Saving without a choice explains itself and changes nothing.
  await contactDialog.getByRole('button', { name: 'Link Contact' }).click();
  await expect(contactDialog.getByRole('alert')).toHaveText('Choose a contact');
  await contactDialog.getByLabel('Contact').selectOption({ value: contact.id });
  await contactDialog.getByRole('button', { name: 'Link Contact' }).click();
  await expect(contactDialog).toBeHidden();
  await expect(page.getByText(fullName).first()).toBeVisible();

  // Saved on the server, not just on screen.
  const saved = (await (await page.request.get(`/api/crm/deals/${deal.id}`, { headers })).json()) as {
    contact_id: string;
    account_id: string;
  };
  expect(saved).toEqual(
    expect.objectContaining({ contact_id: contact.id, account_id: contact.company_id ?? firstAccount }),
  );
});
