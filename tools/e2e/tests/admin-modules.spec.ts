import { expect, test } from './fixtures';
import { institutionIdOf } from './admin-session';
import {
  closeOpenedContexts,
  GLOBEX_OWNER,
  openDashboard,
  pageOf,
  SAM,
  SAME_ORIGIN,
  sidebar,
} from './shell-session';

test.afterEach(closeOpenedContexts);

test('an owner disables Marketing: it disappears from a member’s sidebar, and the change is in the audit log', async ({
  browser,
}) => {
  const ownerPage = await pageOf(browser, GLOBEX_OWNER);
  const memberPage = await pageOf(browser, SAM);
  // A run stopped halfway may have left Marketing switched off: it starts switched on.
  await openDashboard(ownerPage);
  const globexForOwner = await institutionIdOf(ownerPage, 'Globex Retail');
  const reset = await ownerPage.request.put('/api/administration/modules/marketing', {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': globexForOwner },
    data: { enabled: true },
  });
  expect(reset.ok()).toBe(true);
  await openDashboard(memberPage);
  await expect(sidebar(memberPage).getByRole('link', { name: 'Marketing', exact: true })).toBeVisible();

  await ownerPage.getByRole('button', { name: /User menu for/ }).click();
  await ownerPage.getByRole('menuitem', { name: 'Settings' }).click();
  await ownerPage.getByRole('link', { name: 'Open administration' }).click();
  await expect(ownerPage.getByRole('heading', { level: 2, name: 'Administration' })).toBeVisible();
  const marketing = ownerPage.getByRole('switch', { name: 'Marketing' });
  await expect(marketing).toHaveAttribute('aria-checked', 'true');
  // Healthcare is not in the Growth plan: it cannot be switched on.
  await expect(ownerPage.getByRole('switch', { name: 'Healthcare' })).toBeDisabled();
  await marketing.click();
  await expect(marketing).toHaveAttribute('aria-checked', 'false');
  await expect(sidebar(ownerPage).getByRole('link', { name: 'Marketing', exact: true })).toHaveCount(0);

  await memberPage.reload();
  await expect(sidebar(memberPage).getByRole('link', { name: 'CRM', exact: true })).toBeVisible();
  await expect(sidebar(memberPage).getByRole('link', { name: 'Marketing', exact: true })).toHaveCount(0);
  const globex = await institutionIdOf(memberPage, 'Globex Retail');
  const campaigns = await memberPage.request.get('/api/modules/marketing/campaigns/records', {
    headers: { 'X-Institution-Id': globex },
  });
  expect(campaigns.status()).toBe(403);

  // Other journeys write to Globex's audit log at the same time: find this change's row, not the newest.
  const audit = ownerPage.getByRole('region', { name: 'Audit log' });
  const disabled = audit
    .getByRole('row')
    .filter({ hasText: 'Disabled module' })
    .filter({ hasText: 'marketing' });
  await expect(disabled.first()).toContainText('owner@globex.test');

  // A member cannot administer: the page says so and the API answers 403.
  await memberPage.goto('/administration');
  await expect(
    memberPage.getByText('Only the institution’s owners and admins can administer it.'),
  ).toBeVisible();
  const refused = await memberPage.request.put('/api/administration/modules/marketing', {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': globex },
    data: { enabled: true },
  });
  expect(refused.status()).toBe(403);

  // Put it back for the other journeys.
  await marketing.click();
  await expect(marketing).toHaveAttribute('aria-checked', 'true');
  await memberPage.goto('/dashboard');
  await expect(sidebar(memberPage).getByRole('link', { name: 'Marketing', exact: true })).toBeVisible();
});
