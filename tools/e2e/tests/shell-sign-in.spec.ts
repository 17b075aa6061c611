import { expect, test } from './fixtures';
import { DANA, openDashboard, sidebar, signIn } from './shell-session';

// The form itself: these journeys start signed out and sign in (and out) with a session of their own.
test.describe(() => {
  test.use({ as: null });

  test('a wrong password is refused with a message', async ({ page }) => {
    await page.goto('/signin');
    await page.getByLabel('Email').fill(DANA.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('signing in shows the shell: sidebar groups, header, user and role', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    for (const group of ['Core Business', 'Business Growth', 'Industry Solutions']) {
      await expect(sidebar(page).getByRole('heading', { name: group })).toBeVisible();
    }
    await expect(sidebar(page).getByRole('link', { name: 'CRM', exact: true })).toBeVisible();
    await expect(sidebar(page).getByText('Premium')).toBeVisible();
    // docs/product/shell.md#sidebar: the Subscription group is open by default; Payment Test is absent in production.
    await expect(sidebar(page).getByRole('button', { name: /Subscription/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(sidebar(page).getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute(
      'href',
      '/subscription/upgrade',
    );
    await expect(sidebar(page).getByRole('link', { name: 'Billing' })).toHaveAttribute(
      'href',
      '/subscription/billing',
    );
    await expect(sidebar(page).getByRole('link', { name: 'Payment Test' })).toHaveCount(0);

    const userMenu = page.getByRole('button', { name: `User menu for ${DANA.name}` });
    await expect(userMenu).toContainText(DANA.name);
    await expect(userMenu).toContainText('Owner');
    await userMenu.click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/signin$/);
  });
});

test('the user menu reaches Profile and Settings, and unknown paths show a 404 page', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('button', { name: `User menu for ${DANA.name}` }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Dana');
  await page.getByRole('button', { name: `User menu for ${DANA.name}` }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
  await expect(page.getByLabel('Institution name')).toHaveValue('Acme Corporation');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 2, name: 'Page not found' })).toBeVisible();
  await expect(sidebar(page)).toBeVisible();
});
