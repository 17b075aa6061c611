import { expect, test } from './fixtures';
import { acmeId, SAME_ORIGIN } from './shell-session';

test('merges two duplicate contacts, keeping a chosen value and moving the deal and activity to the survivor', async ({
  page,
}) => {
  const tag = String(Date.now());
  const email = `twin.${tag}@example.com`;
  const headers = { ...SAME_ORIGIN, 'X-Institution-Id': await acmeId(page) };
  const create = async (data: Record<string, unknown>) => {
    const response = await page.request.post('/api/crm/contacts', { headers, data });
    expect(response.status()).toBe(201);
    return (await response.json()).id as string;
  };
  const survivorId = await create({ first_name: 'Robin', last_name: `Twin${tag}`, email, tags: ['vip'] });
  const mergedId = await create({
    first_name: 'Robin',
    last_name: `Twin${tag}`,
    email: email.toUpperCase(),
    phone: '+1 555 0199',
    tags: ['newsletter'],
  });
  const deal = await page.request.post('/api/crm/deals', {
    headers,
    data: { name: `Twin deal ${tag}`, amount: 500, contact_id: mergedId },
  });
  expect(deal.status()).toBe(201);
  const dealId = (await deal.json()).id as string;
  const activity = await page.request.post('/api/crm/activities', {
    headers,
    data: { type: 'call', subject: `Twin call ${tag}`, contact_id: mergedId },
  });
  expect(activity.status()).toBe(201);

  await page.goto('/modules/crm/contacts');
  await page.getByRole('link', { name: 'Duplicates' }).click();
  const groups = page.getByRole('table', { name: 'Possible duplicate contacts' });
  const group = groups.getByRole('row').filter({ hasText: email });
  await expect(group).toContainText('Same e-mail');
  await group.getByRole('button', { name: `Merge duplicates ${email}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Merge duplicates' });
  await expect(dialog.getByLabel('Record to keep')).toHaveValue(survivorId);
  // The survivor has no phone: the merged record's is chosen for it; keyboard works as well as the mouse.
  const phone = dialog.getByRole('row', { name: /^Phone/ });
  await expect(phone.getByRole('radio', { name: '+1 555 0199' })).toBeChecked();
  const emailRow = dialog.getByRole('row', { name: /^E-mail/ });
  await emailRow.getByRole('radio', { name: email, exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(emailRow.getByRole('radio', { name: email, exact: true })).toBeChecked();
  await dialog.getByRole('button', { name: 'Merge records' }).click();
  await expect(page.getByText(/Moved to Robin Twin\d+: 1 activity, 1 deal, 1 tag\./)).toBeVisible();
  await expect(groups.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  expect((await page.request.get(`/api/crm/contacts/${mergedId}`, { headers })).status()).toBe(404);
  const survivor = await (await page.request.get(`/api/crm/contacts/${survivorId}`, { headers })).json();
  expect(survivor).toEqual(
    expect.objectContaining({ email, phone: '+1 555 0199', tags: ['newsletter', 'vip'] }),
  );
  const moved = await (await page.request.get(`/api/crm/deals/${dealId}`, { headers })).json();
  expect(moved.contact_id).toBe(survivorId);
});

test('finds two companies with one domain from the companies list and merges them, their contacts following', async ({
  page,
}) => {
  const tag = String(Date.now());
  const domain = `dup${tag}.example.com`;
  const headers = { ...SAME_ORIGIN, 'X-Institution-Id': await acmeId(page) };
  const create = async (path: string, data: Record<string, unknown>) => {
    const response = await page.request.post(path, { headers, data });
    expect(response.status()).toBe(201);
    return (await response.json()).id as string;
  };
  const survivorId = await create('/api/crm/companies', { name: `Dupco ${tag}`, domain });
  const mergedId = await create('/api/crm/companies', {
    name: `Dupco ${tag} Ltd`,
    domain: `www.${domain}`,
    phone: '+1 555 0142',
  });
  const contactId = await create('/api/crm/contacts', {
    first_name: 'Mia',
    last_name: `Dupco${tag}`,
    company_id: mergedId,
  });

  await page.goto('/modules/crm/companies');
  await page.getByRole('link', { name: 'Duplicates' }).click();
  await expect(page.getByLabel('Show duplicates of')).toHaveValue('companies');
  const groups = page.getByRole('table', { name: 'Possible duplicate companies' });
  const group = groups.getByRole('row').filter({ hasText: domain });
  await expect(group).toContainText('Same domain');
  await group.getByRole('button', { name: `Merge duplicates ${domain}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Merge duplicates' });
  await expect(dialog.getByLabel('Record to keep')).toHaveValue(survivorId);
  await expect(
    dialog.getByRole('row', { name: /^Phone/ }).getByRole('radio', { name: '+1 555 0142' }),
  ).toBeChecked();
  await dialog.getByRole('button', { name: 'Merge records' }).click();
  await expect(page.getByText(`Moved to Dupco ${tag}: 1 contact.`)).toBeVisible();

  expect((await page.request.get(`/api/crm/companies/${mergedId}`, { headers })).status()).toBe(404);
  const contact = await (await page.request.get(`/api/crm/contacts/${contactId}`, { headers })).json();
  expect(contact).toEqual(expect.objectContaining({ company_id: survivorId, company: `Dupco ${tag}` }));
});
