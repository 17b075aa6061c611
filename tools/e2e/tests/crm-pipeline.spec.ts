import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { moveFocusedDealToProposal } from './pipeline-keyboard';
import { acmeId, SAME_ORIGIN } from './shell-session';

/** A deal of this test only, through the API with the page's session. */
async function createDeal(page: Page, name: string, stage = 'prospecting'): Promise<string> {
  const response = await page.request.post('/api/crm/deals', {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': await acmeId(page) },
    data: { name, stage, amount: 12500, probability: 65, description: `E2E deal ${name}` },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).id as string;
}

/** The pipeline of /modules/crm/deals narrowed to one deal through the visible search input. */
async function openPipelineFor(page: Page, name: string): Promise<void> {
  await page.goto('/modules/crm/deals');
  await expect(page.getByRole('heading', { name: 'Deals Pipeline' })).toBeVisible();
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Search deals').fill(name);
  await expect(page.getByText('1 of', { exact: false })).toBeVisible();
}

function column(page: Page, stage: string) {
  return page.locator(`section[data-stage="${stage}"]`);
}

function card(page: Page, dealId: string) {
  return page.locator(`article[data-deal-id="${dealId}"]`);
}

async function dragWithMouse(page: Page, dealId: string, toStage: string): Promise<void> {
  const from = await card(page, dealId).boundingBox();
  const to = await column(page, toStage).boundingBox();
  if (!from || !to) throw new Error('card or column not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + 20);
  await page.mouse.down();
  // docs/product/pipeline.md#drag-and-drop: the drag starts after 5 px of movement.
  await page.mouse.move(from.x + from.width / 2 + 8, from.y + 28, { steps: 2 });
  await page.mouse.move(to.x + to.width / 2, to.y + 160, { steps: 12 });
  await expect(column(page, toStage).locator('[data-over]')).toBeVisible();
  await page.mouse.up();
}

test('dragging a deal with the mouse moves it after the server agrees, and it stays after a reload', async ({
  page,
}) => {
  const name = `E2E Mouse ${Date.now()}`;
  const id = await createDeal(page, name);
  await openPipelineFor(page, name);
  await expect(column(page, 'prospecting').locator(`[data-deal-id="${id}"]`)).toBeVisible();

  await dragWithMouse(page, id, 'qualification');

  await expect(page.getByText('Deal stage updated successfully')).toBeVisible();
  await expect(column(page, 'qualification').locator(`[data-deal-id="${id}"]`)).toBeVisible();
  await expect(column(page, 'prospecting').locator(`[data-deal-id="${id}"]`)).toHaveCount(0);

  await page.reload();
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Search deals').fill(name);
  await expect(column(page, 'qualification').locator(`[data-deal-id="${id}"]`)).toBeVisible();
});

test('a deal moves between columns with the keyboard, with announcements', async ({ page }) => {
  const name = `E2E Keys ${Date.now()}`;
  const id = await createDeal(page, name, 'qualification');
  await openPipelineFor(page, name);

  const handle = page.getByRole('button', { name: `Move deal ${name}` });
  await handle.focus();
  await moveFocusedDealToProposal(page, name);
  await expect(column(page, 'proposal').locator(`[data-deal-id="${id}"]`)).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Search deals').fill(name);
  await expect(column(page, 'proposal').locator(`[data-deal-id="${id}"]`)).toBeVisible();
  const stored = await page.request.get(`/api/crm/deals/${id}`, {
    headers: { 'X-Institution-Id': await acmeId(page) },
  });
  expect((await stored.json()).stage).toBe('proposal');
});

test('when the server refuses the stage change the card stays and the error shows', async ({ page }) => {
  const name = `E2E Refused ${Date.now()}`;
  const id = await createDeal(page, name);
  await page.route(`**/api/crm/deals/${id}`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"statusCode":500,"message":"boom"}',
        })
      : route.continue(),
  );
  await openPipelineFor(page, name);

  await dragWithMouse(page, id, 'qualification');

  await expect(page.getByText('Failed to update deal stage')).toBeVisible();
  await expect(column(page, 'prospecting').locator(`[data-deal-id="${id}"]`)).toBeVisible();
  await expect(column(page, 'qualification').locator(`[data-deal-id="${id}"]`)).toHaveCount(0);
  const stored = await page.request.get(`/api/crm/deals/${id}`, {
    headers: { 'X-Institution-Id': await acmeId(page) },
  });
  expect((await stored.json()).stage).toBe('prospecting');
});

test('New Deal creates a deal through the API and it shows in its column', async ({ page }) => {
  const name = `E2E Created ${Date.now()}`;
  await page.goto('/modules/crm?tab=pipeline');
  await expect(page.getByRole('heading', { name: 'Enhanced CRM Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'New Deal' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Deal' });
  await dialog.getByRole('button', { name: 'Create Deal' }).click();
  await expect(dialog.getByText('Deal name is required')).toBeVisible();

  await dialog.getByLabel('Deal name *').fill(name);
  await dialog.getByLabel('Amount (USD)').fill('48000');
  await dialog.getByLabel('Probability (%)').fill('85');
  await dialog.getByLabel('Stage').selectOption({ label: 'Negotiation' });
  await dialog.getByLabel('Expected close date').fill('2030-01-15');
  await dialog.getByRole('button', { name: 'Create Deal' }).click();
  await expect(dialog).toBeHidden();

  // Saving selects the new deal: the page shows it on the Deals tab.
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText('$48,000.00')).toBeVisible();
  await page.getByRole('tab', { name: 'Pipeline' }).click();
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Search deals').fill(name);
  const negotiation = column(page, 'negotiation');
  await expect(negotiation.getByRole('link', { name: `Open deal ${name}` })).toBeVisible();
  await expect(negotiation.getByLabel('Amount $48K')).toBeVisible();
  await expect(negotiation.getByText('85%')).toBeVisible();
});

test('Configure hides a column for this user, and the choice survives a reload', async ({ page }) => {
  await page.goto('/modules/crm/deals');
  await expect(page.locator('section[data-stage="closed_lost"]')).toBeVisible();
  await page.getByRole('button', { name: 'Configure' }).click();
  const dialog = page.getByRole('dialog', { name: 'Configure Pipeline' });
  const lost = dialog.getByRole('switch', { name: 'Show Closed Lost' });
  await expect(lost).toHaveAttribute('aria-checked', 'true');
  // The board follows at once; the reload below must come after the server has the choice.
  const saved = page.waitForResponse(
    (response) =>
      response.url().includes('/api/crm/preferences/pipeline') && response.request().method() !== 'GET',
  );
  await lost.click();
  await expect(lost).toHaveAttribute('aria-checked', 'false');
  expect((await saved).ok()).toBe(true);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('section[data-stage="closed_lost"]')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Deals Pipeline' })).toBeVisible();
  await expect(page.locator('section[data-stage="prospecting"]')).toBeVisible();
  await expect(page.locator('section[data-stage="closed_lost"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Configure' }).click();
  await page
    .getByRole('dialog', { name: 'Configure Pipeline' })
    .getByRole('switch', { name: 'Show Closed Lost' })
    .click();
  await page
    .getByRole('dialog', { name: 'Configure Pipeline' })
    .getByRole('button', { name: 'Done' })
    .click();
  await expect(page.locator('section[data-stage="closed_lost"]')).toBeVisible();
});

test('a drop outside every column changes nothing', async ({ page }) => {
  const name = `E2E Outside ${Date.now()}`;
  const id = await createDeal(page, name);
  let patches = 0;
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes(id)) patches += 1;
  });
  await openPipelineFor(page, name);
  const from = await card(page, id).boundingBox();
  if (!from) throw new Error('card not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + 20);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 8, from.y + 28, { steps: 2 });
  // The page heading, above the board: no column there.
  const heading = await page.getByRole('heading', { name: 'Deals Pipeline' }).boundingBox();
  if (!heading) throw new Error('heading not on screen');
  await page.mouse.move(heading.x + 40, heading.y + 10, { steps: 10 });
  await page.mouse.up();
  // What a screen-reader user hears once the drop has been handled; a stage change would start here.
  await expect(
    page.getByText(`Deal ${name} was dropped outside the stages. Nothing changed.`),
  ).toBeAttached();
  expect(patches).toBe(0);
  await expect(column(page, 'prospecting').locator(`[data-deal-id="${id}"]`)).toBeVisible();
  await expect(page.getByText('Deal stage updated successfully')).toHaveCount(0);
});

test('a failed pipeline load shows Failed to load deals pipeline', async ({ page }) => {
  await page.route('**/api/crm/deals?*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' }),
  );
  await page.goto('/modules/crm/deals');
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Failed to load deals pipeline'),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

/** The deal ids of a column, top to bottom as shown. */
async function columnOrder(page: Page, stage: string): Promise<string[]> {
  return column(page, stage)
    .locator('article[data-deal-id]')
    .evaluateAll((cards) =>
      cards
        .map((node) => ({
          id: node.getAttribute('data-deal-id') ?? '',
          top: node.getBoundingClientRect().top,
        }))
        .sort((a, b) => a.top - b.top)
        .map((cardOnScreen) => cardOnScreen.id),
    );
}

// A column shows about two and a half cards at 1280×800; the three cards of this test must all be on screen for
// the mouse to reach them.
test.describe('a tall window', () => {
  test.use({ viewport: { width: 1280, height: 1200 } });

  test('cards make room for a dragged card, and the order within a column is kept for this user', async ({
    page,
  }) => {
    const prefix = `E2E Order ${Date.now()}`;
    // The first column: the board scrolls sideways, and a mouse only reaches what is on screen.
    for (const letter of ['A', 'B', 'C']) await createDeal(page, `${prefix} ${letter}`, 'prospecting');
    await page.goto('/modules/crm/deals');
    await expect(page.getByRole('heading', { name: 'Deals Pipeline' })).toBeVisible();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Search deals').fill(prefix);
    await expect(column(page, 'prospecting').locator('article[data-deal-id]')).toHaveCount(3);
    const before = await columnOrder(page, 'prospecting');
    const [first, second, last] = before as [string, string, string];

    const from = await card(page, last).boundingBox();
    const to = await card(page, first).boundingBox();
    if (!from || !to) throw new Error('cards not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + 20);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 8, from.y + 28, { steps: 2 });
    await page.mouse.move(to.x + to.width / 2, to.y + 10, { steps: 12 });
    // docs/product/pipeline.md#card-order: the first card moves aside for the dragged one, in 0.2 s.
    await expect
      .poll(() => card(page, first).evaluate((node) => (node as HTMLElement).style.transform))
      .toMatch(/translate3d\(0px, [1-9]/);
    expect(await card(page, first).evaluate((node) => (node as HTMLElement).style.transition)).toContain(
      '200ms',
    );
    await page.mouse.up();

    await expect.poll(() => columnOrder(page, 'prospecting')).toEqual([last, first, second]);
    // Only the order changed: no stage change was sent.
    await expect(page.getByText('Deal stage updated successfully')).toHaveCount(0);

    await page.reload();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Search deals').fill(prefix);
    await expect(column(page, 'prospecting').locator('article[data-deal-id]')).toHaveCount(3);
    await expect.poll(() => columnOrder(page, 'prospecting')).toEqual([last, first, second]);
  });
});
