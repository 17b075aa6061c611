import { expect, test } from './fixtures';
import { DANA, sidebar, openDashboard } from './shell-session';

test('both remotes load at run time and share one React and the shell auth context', async ({ page }) => {
  await openDashboard(page);
  await sidebar(page).getByRole('link', { name: 'CRM', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'CRM' })).toBeVisible();
  // The CRM remote reads useAuth()/useInstitution(): the shell's contexts, not copies.
  await expect(page.getByText(`Signed in as ${DANA.name} · Acme Corporation`)).toBeVisible();

  await sidebar(page).getByRole('link', { name: 'Healthcare', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Healthcare' })).toBeVisible();
  await page.getByRole('link', { name: /Appointments/ }).click();
  await expect(page).toHaveURL(/\/modules\/healthcare\/appointments$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Dashboard');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Healthcare');

  const reactCopies = await page.evaluate(
    () =>
      (window as unknown as { __tesseraReactInstances?: Set<unknown> }).__tesseraReactInstances?.size ?? 0,
  );
  expect(reactCopies).toBe(1);
});

test('a remote whose manifest answers 404 shows Module unavailable, the shell keeps working, Retry recovers', async ({
  page,
}) => {
  await openDashboard(page);
  const manifest = '**/remotes/crm/mf-manifest.json*';
  await page.route(manifest, (route) => route.fulfill({ status: 404, body: 'Not Found' }));

  await sidebar(page).getByRole('link', { name: 'CRM', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Module unavailable' })).toBeVisible();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();

  // Header and sidebar still work.
  await page.getByRole('button', { name: `User menu for ${DANA.name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await page.keyboard.press('Escape');
  await sidebar(page).getByRole('link', { name: 'Finance', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Finance' })).toBeVisible();

  // The remote comes back: Retry loads it without a page reload.
  await sidebar(page).getByRole('link', { name: 'CRM', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Module unavailable' })).toBeVisible();
  await page.unroute(manifest);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'CRM' })).toBeVisible();
});
