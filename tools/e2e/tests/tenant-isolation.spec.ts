import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { acmeId } from './crm-leads-session';
import { closeOpenedContexts, GLOBEX_OWNER, pageOf, SAME_ORIGIN } from './shell-session';

test.afterEach(closeOpenedContexts);

/**
 * Tenant isolation in the browser (the API side is apps/api/src/access/tenant-isolation-matrix.e2e-spec.ts):
 * Acme's named records never show to the owner of another institution, on the CRM pages or on an
 * industry module's page, even when that owner opens one of Acme's records by its address.
 */

async function create(page: Page, path: string, data: Record<string, unknown>): Promise<string> {
  const response = await page.request.post(path, {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': await acmeId(page) },
    data,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Opens a page once the API call that fills it has answered, then waits for its content. */
async function visit(page: Page, path: string, api: string, loaded: (page: Page) => Promise<void>) {
  await Promise.all([
    page.waitForResponse((response) => response.url().includes(api) && response.status() === 200),
    page.goto(path),
  ]);
  await loaded(page);
}

test('another institution’s owner sees none of Acme’s records on CRM and industry pages', async ({
  page,
  browser,
}) => {
  const marker = `Quillfeather${Date.now()}`;
  await create(page, '/api/crm/leads', { first_name: marker, last_name: 'Lead' });
  await create(page, '/api/crm/contacts', { first_name: marker, last_name: 'Contact' });
  const dealId = await create(page, '/api/crm/deals', { name: `${marker} deal` });
  await create(page, '/api/modules/project/tasks/records', {
    data: { title: `${marker} task`, status: 'todo' },
  });
  // Acme itself sees them: the check below is about the institution, not about the names.
  await page.goto('/modules/crm/deals');
  // A column draws only the cards in view: after a run's worth of deals the new one may be far down.
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Search deals').fill(marker);
  await expect(page.locator(`article[data-deal-id="${dealId}"]`)).toContainText(marker);
  await page.goto('/modules/project/tasks?view=board');
  await expect(page.getByRole('article', { name: `${marker} task` })).toBeVisible();

  const globex = await pageOf(browser, GLOBEX_OWNER);
  await visit(globex, '/modules/crm/deals', '/api/crm/deals', (p) =>
    expect(p.locator('article[data-deal-id]').first()).toBeVisible(),
  );
  await expect(globex.locator('body')).not.toContainText(marker);
  await visit(globex, '/modules/crm/contacts', '/api/crm/contacts', (p) =>
    expect(p.getByRole('heading', { name: /^All Contacts \(\d+\)$/ })).toBeVisible(),
  );
  await expect(globex.locator('body')).not.toContainText(marker);
  await visit(globex, '/modules/crm/leads', '/api/crm-insights/smart-leads', (p) =>
    expect(p.getByLabel(/^View Details of /).first()).toBeVisible(),
  );
  await expect(globex.locator('body')).not.toContainText(marker);
  await visit(globex, '/modules/crm?tab=ai-insights', '/api/crm-insights/insights', (p) =>
    expect(p.getByRole('list', { name: 'Insights' }).getByRole('listitem').first()).toBeVisible(),
  );
  await expect(globex.locator('body')).not.toContainText(marker);
  await visit(globex, '/modules/project/tasks?view=board', '/api/modules/project/tasks/records', (p) =>
    expect(p.getByRole('region', { name: /^Todo \(\d+\)$/ })).toBeVisible(),
  );
  await expect(globex.locator('body')).not.toContainText(marker);
  // Acme's deal by its address: not found, nothing of it shown.
  await globex.goto(`/modules/crm/deals/${dealId}`);
  await expect(globex.getByRole('heading', { name: 'Deal not found' })).toBeVisible();
  await expect(globex.locator('body')).not.toContainText(marker);
  await globex.context().close();
});
