import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { institutionIdOf } from './admin-session';
import { closeOpenedContexts, DANA, pageOf, type Person, SAME_ORIGIN, TAYLOR } from './shell-session';

test.afterEach(closeOpenedContexts);

// Two people of Acme, each in their own browser context: one's change shows on the other's open
// screen without a reload (GET /api/events). docs/operations.md
// The waits keep the default expect timeout: these journeys prove the change arrives without a reload;
// a tighter bound only measured how busy the CI machine's two workers were.
// Taylor, not Jordan: admin-levels.spec.ts makes Jordan read-only on CRM while it runs, possibly in the other worker.

/** Both people work in Acme. */
async function institutionId(page: Page): Promise<string> {
  return institutionIdOf(page, 'Acme Corporation');
}

/** Each person in a browser context of their own: the live stream is per page. */
async function personIn(browser: Browser, person: Person): Promise<Page> {
  return pageOf(browser, person, { viewport: { width: 1280, height: 800 } });
}

/** A mark that a reload would wipe: proves the screen changed on its own. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = 'unchanged page';
  });
}

async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe(
    'unchanged page',
  );
}

/** Resolves once the page's live-update stream is open: a change made earlier could not reach it. */
function streamOpened(page: Page) {
  return page.waitForResponse(
    (response) => response.url().includes('/api/events?') && response.status() === 200,
  );
}

async function openPipelineFor(page: Page, name: string): Promise<void> {
  const stream = streamOpened(page);
  await page.goto('/modules/crm/deals');
  await stream;
  await expect(page.getByRole('heading', { name: 'Deals Pipeline' })).toBeVisible();
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Search deals').fill(name);
  await expect(page.getByText('1 of', { exact: false })).toBeVisible();
}

const dealIn = (page: Page, stage: string, id: string) =>
  page.locator(`section[data-stage="${stage}"] [data-deal-id="${id}"]`);

test('a card moved by one person moves on another person’s open board', async ({ browser }) => {
  const dana = await personIn(browser, DANA);
  const taylor = await personIn(browser, TAYLOR);
  const name = `E2E Live ${Date.now()}`;
  const created = await dana.request.post('/api/crm/deals', {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': await institutionId(dana) },
    data: { name, stage: 'prospecting', amount: 4800 },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as string;

  await openPipelineFor(dana, name);
  await openPipelineFor(taylor, name);
  await expect(dealIn(dana, 'prospecting', id)).toBeVisible();
  await markPage(dana);

  const handle = taylor.getByRole('button', { name: `Move deal ${name}` });
  await handle.focus();
  // Each key waits for the announcement a screen-reader user would hear: an arrow pressed before the
  // drag has measured the columns moves nothing, and the card is dropped back where it was.
  await taylor.keyboard.press('Space');
  await expect(
    taylor.getByRole('status').filter({ hasText: `Picked up deal ${name} in Prospecting.` }),
  ).toBeAttached();
  await taylor.keyboard.press('ArrowRight');
  await expect(
    taylor.getByRole('status').filter({ hasText: `Deal ${name} is over Qualification.` }),
  ).toBeAttached();
  await taylor.keyboard.press('Space');
  await expect(taylor.getByText('Deal stage updated successfully')).toBeVisible();

  await expect(dealIn(dana, 'qualification', id)).toBeVisible();
  await expect(dealIn(dana, 'prospecting', id)).toHaveCount(0);
  await expectNotReloaded(dana);
});

test('a record edited by one person refreshes on another person’s open list', async ({ browser }) => {
  const dana = await personIn(browser, DANA);
  const taylor = await personIn(browser, TAYLOR);
  const name = `Live Patient ${Date.now()}`;
  const created = await dana.request.post('/api/modules/healthcare/patients/records', {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': await institutionId(dana) },
    // Inactive: records-patients.spec.ts counts the active patients while this may run beside it.
    data: { data: { full_name: name, date_of_birth: '1980-02-03', status: 'inactive' } },
  });
  expect(created.status()).toBe(201);

  for (const page of [dana, taylor]) {
    const stream = streamOpened(page);
    await page.goto('/modules/healthcare/patients');
    await stream;
    await page.getByRole('searchbox', { name: 'Search patients' }).fill(name);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Inactive');
  }
  await markPage(dana);

  await taylor.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = taylor.getByRole('dialog', { name: 'Edit Patient' });
  await edit.getByLabel('Status').selectOption({ label: 'Discharged' });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();

  await expect(dana.getByRole('row', { name: new RegExp(name) })).toContainText('Discharged');
  await expectNotReloaded(dana);
});

test('a deal renamed by one person refreshes on another person’s open deal page', async ({ browser }) => {
  const dana = await personIn(browser, DANA);
  const taylor = await personIn(browser, TAYLOR);
  const headers = { ...SAME_ORIGIN, 'X-Institution-Id': await institutionId(dana) };
  const name = `E2E Live Detail ${Date.now()}`;
  const created = await dana.request.post('/api/crm/deals', {
    headers,
    data: { name, stage: 'proposal', amount: 2500 },
  });
  expect(created.status()).toBe(201);
  const deal = (await created.json()) as { id: string; version: number };

  const stream = streamOpened(dana);
  await dana.goto(`/modules/crm/deals/${deal.id}`);
  await stream;
  await expect(dana.getByRole('heading', { level: 2, name })).toBeVisible();
  await markPage(dana);

  const renamed = await taylor.request.patch(`/api/crm/deals/${deal.id}`, {
    headers,
    data: { name: `${name} renamed`, version: deal.version },
  });
  expect(renamed.status()).toBe(200);
  await expect(dana.getByRole('heading', { level: 2, name: `${name} renamed` })).toBeVisible();
  await expectNotReloaded(dana);
});

test('a contact added by one person shows on another person’s open contacts list', async ({ browser }) => {
  const dana = await personIn(browser, DANA);
  const taylor = await personIn(browser, TAYLOR);
  const stamp = Date.now();
  const stream = streamOpened(dana);
  await dana.goto('/modules/crm/contacts');
  await stream;
  await dana.getByRole('searchbox', { name: 'Search contacts' }).fill(`livecontact${stamp}`);
  await expect(dana.getByRole('heading', { name: 'All Contacts (0)' })).toBeVisible();
  await markPage(dana);

  const created = await taylor.request.post('/api/crm/contacts', {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': await institutionId(taylor) },
    data: { first_name: 'Rhea', last_name: `Livecontact${stamp}`, email: `rhea.${stamp}@live.example` },
  });
  expect(created.status()).toBe(201);
  await expect(dana.getByRole('heading', { name: 'All Contacts (1)' })).toBeVisible();
  await expect(dana.getByRole('button', { name: new RegExp(`Rhea Livecontact${stamp}`) })).toBeVisible();
  await expectNotReloaded(dana);
});
