import { expect, test } from './fixtures';
import { sidebar, openDashboard } from './shell-session';

test.use({ viewport: { width: 375, height: 740 } });

test('on a phone the sidebar is a drawer: opened by the header button, closed by Escape, overlay and navigation', async ({
  page,
}) => {
  await openDashboard(page);
  const open = page.getByRole('button', { name: 'Open navigation' });
  await expect(sidebar(page)).toBeHidden();

  await open.click();
  await expect(sidebar(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sidebar(page)).toBeHidden();

  await open.click();
  await expect(sidebar(page)).toBeVisible();
  await page.getByTestId('sidebar-overlay').click({ position: { x: 360, y: 400 } });
  await expect(sidebar(page)).toBeHidden();

  await open.click();
  await sidebar(page).getByRole('link', { name: 'Finance', exact: true }).click();
  await expect(sidebar(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Finance' })).toBeVisible();
});
