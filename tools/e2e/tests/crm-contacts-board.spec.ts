import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { SAME_ORIGIN, selectedInstitutionId, openDashboard } from './shell-session';

async function api(page: Page) {
  const headers = { ...SAME_ORIGIN, 'X-Institution-Id': await selectedInstitutionId(page) };
  return {
    headers,
    post: async <T>(path: string, data: unknown): Promise<T> => {
      const response = await page.request.post(path, { headers, data });
      expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
      return (await response.json()) as T;
    },
    get: async <T>(path: string): Promise<T> =>
      (await (await page.request.get(path, { headers })).json()) as T,
  };
}

async function openContact(page: Page, lastName: string) {
  await page.goto('/modules/crm/contacts');
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill(lastName);
  await expect(page.getByRole('heading', { name: 'All Contacts (1)' })).toBeVisible();
}

test('Edit Contact checks a custom field’s value against its type, then saves it', async ({ page }) => {
  await openDashboard(page);
  const crm = await api(page);
  const last = `Editable${Date.now()}`;
  const contact = await crm.post<{ id: string }>('/api/crm/contacts', {
    first_name: 'Esme',
    last_name: last,
    custom_fields: [
      { field_name: 'Seats', field_value: '10', field_type: 'number' },
      { field_name: 'Renewal', field_value: '2026-01-31', field_type: 'date' },
    ],
  });

  await openContact(page, last);
  await page.getByRole('button', { name: new RegExp(`Esme ${last}`) }).click();
  const details = page.getByRole('complementary', { name: 'Contact details' });
  await details.getByRole('button', { name: 'Edit Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Contact' });
  const seats = dialog.getByLabel('Seats', { exact: true });
  await expect(seats).toHaveValue('10');

  // A value that is not a number is refused with the field's message, and nothing is saved.
  await seats.fill('many');
  await dialog.getByRole('button', { name: 'Save Contact' }).click();
  await expect(dialog.getByText('Seats must be a number')).toBeVisible();
  const unchanged = await crm.get<{ custom_fields: Array<{ field_name: string; field_value: string }> }>(
    `/api/crm/contacts/${contact.id}`,
  );
  expect(unchanged.custom_fields.find((field) => field.field_name === 'Seats')?.field_value).toBe('10');

  await seats.fill('25');
  await dialog.getByLabel('Title').fill('Head of Buying');
  await dialog.getByRole('button', { name: 'Save Contact' }).click();
  await expect(dialog).toBeHidden();
  await expect(details.getByText('Head of Buying')).toBeVisible();
  await expect(details.getByText('25', { exact: true })).toBeVisible();
  const saved = await crm.get<{
    title: string;
    custom_fields: Array<{ field_name: string; field_value: string }>;
  }>(`/api/crm/contacts/${contact.id}`);
  expect(saved.title).toBe('Head of Buying');
  expect(saved.custom_fields).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ field_name: 'Seats', field_value: '25', field_type: 'number' }),
      expect.objectContaining({ field_name: 'Renewal', field_value: '2026-01-31', field_type: 'date' }),
    ]),
  );

  // Tags: one added, then removed again.
  await details.getByLabel('New tag').fill('renewal');
  await details.getByRole('button', { name: 'Add tag' }).click();
  await expect(details.getByRole('button', { name: 'Remove tag renewal' })).toBeVisible();
  await details.getByRole('button', { name: 'Remove tag renewal' }).click();
  await expect(details.getByRole('button', { name: 'Remove tag renewal' })).toBeHidden();
  expect((await crm.get<{ tags: string[] }>(`/api/crm/contacts/${contact.id}`)).tags).toEqual([]);
});

test('moving a contact on the board by keyboard runs its rule: the new deal appears', async ({ page }) => {
  await openDashboard(page);
  const crm = await api(page);
  const stamp = Date.now();
  const dealName = `Board deal ${stamp}`;
  await crm.post('/api/crm/automation-rules', {
    name: `Board rule ${stamp}`,
    conditions_json: { event_type: 'stage_change', stage_change: { to_stage: 'negotiation' } },
    actions_json: [{ type: 'create_deal', config: { name: dealName, amount: 4800 } }],
  });
  const company = await crm.post<{ id: string }>('/api/crm/companies', { name: `Boardwalk ${stamp}` });
  const last = `Boardable${stamp}`;
  await crm.post('/api/crm/contacts', {
    first_name: 'Bo',
    last_name: last,
    status: 'proposal',
    company_id: company.id,
  });

  await openContact(page, last);
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  const proposal = page.getByRole('region', { name: 'Proposal contacts' });
  const negotiation = page.getByRole('region', { name: 'Negotiation contacts' });
  await expect(proposal.getByRole('button', { name: `Open contact Bo ${last}` })).toBeVisible();

  const handle = page.getByRole('button', { name: `Move contact Bo ${last}` });
  await handle.focus();
  // Each key waits for the board's announcement, so the drop happens over the column reached.
  // Picked up, the card is announced over its own column first.
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'over droppable area proposal' })).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(
    page.getByRole('status').filter({ hasText: 'over droppable area negotiation' }),
  ).toBeAttached();
  await page.keyboard.press('Space');
  await expect(negotiation.getByRole('button', { name: `Open contact Bo ${last}` })).toBeVisible();
  await expect(page.getByText(`Bo ${last} moved to Negotiation`).first()).toBeVisible();

  // The rule's deal, with the contact's company, on the company's page; it opens the deal.
  await page.goto(`/modules/crm/companies/${company.id}`);
  await page.getByRole('link', { name: dealName }).click();
  await expect(page.getByRole('heading', { name: dealName })).toBeVisible();
});
