import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { moveFocusedDealToProposal } from './pipeline-keyboard';
import { institutionIdOf } from './admin-session';
import { DANA, SAME_ORIGIN } from './shell-session';

/**
 * The main action of each module family done with the keyboard alone: the shell's sign-in, the
 * CRM's pipeline move (dnd-kit KeyboardSensor), and a new record in a generated module. Each step
 * checks that the focused control shows where the focus is. Only the sign-in journey uses the form;
 * the others start from Dana's saved session.
 */

const MAX_TABS = 120;

/**
 * Presses Tab (or `key`: Shift+Tab, ArrowDown in a menu) until `target` has the focus, as a keyboard
 * user would, failing after MAX_TABS.
 */
async function tabTo(page: Page, target: Locator, key = 'Tab'): Promise<void> {
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** The focused control matches :focus-visible and draws an outline or a ring there. */
async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const focus = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      focusVisible: element.matches(':focus-visible'),
      outline: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0,
      ring: style.boxShadow !== 'none',
    };
  });
  expect(focus.focusVisible, 'the browser treats this focus as a keyboard focus').toBe(true);
  expect(focus.outline || focus.ring, 'the focused control draws an outline or a ring').toBe(true);
}

async function signInByKeyboard(page: Page): Promise<void> {
  await page.goto('/signin');
  const email = page.getByLabel('Email');
  await tabTo(page, email);
  await expectVisibleFocus(email);
  await page.keyboard.type(DANA.email);
  const password = page.getByLabel('Password', { exact: true });
  await tabTo(page, password);
  await page.keyboard.type(DANA.password);
  const submit = page.getByRole('button', { name: 'Sign in' });
  await tabTo(page, submit);
  await expectVisibleFocus(submit);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** The skip link, first in the tab order of every signed-in page, puts the focus in the main content. */
async function skipToMain(page: Page): Promise<void> {
  await page.locator('body').focus();
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await tabTo(page, skip);
  await expectVisibleFocus(skip);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
}

test.describe(() => {
  test.use({ as: null });

  test('shell: sign in, then reach Settings through the user menu with the keyboard alone', async ({
    page,
  }) => {
    await signInByKeyboard(page);

    // The header comes after the sidebar's many links: from the main content, back up into it.
    await skipToMain(page);
    const userMenu = page.getByRole('button', { name: `User menu for ${DANA.name}` });
    await tabTo(page, userMenu, 'Shift+Tab');
    await expectVisibleFocus(userMenu);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'User menu' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(userMenu).toBeFocused();

    await page.keyboard.press('Enter');
    const settings = menu.getByRole('menuitem', { name: 'Settings' });
    await tabTo(page, settings, 'ArrowDown');
    await expectVisibleFocus(settings);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings$/);
  });
});

test('CRM: a deal moves to the next stage with the keyboard alone', async ({ page }) => {
  const acme = await institutionIdOf(page, 'Acme Corporation');
  const name = `Keyboard deal ${Date.now()}`;
  const created = await page.request.post('/api/crm/deals', {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': acme },
    data: { name, stage: 'qualification', amount: 9000, probability: 30 },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as string;

  await page.goto('/modules/crm/deals');
  await expect(page.getByRole('heading', { name: 'Deals Pipeline' })).toBeVisible();
  await skipToMain(page);
  const filters = page.getByRole('button', { name: 'Filters' });
  await tabTo(page, filters);
  await expectVisibleFocus(filters);
  await page.keyboard.press('Enter');
  const search = page.getByLabel('Search deals');
  await tabTo(page, search);
  await page.keyboard.type(name);
  await expect(page.getByText('1 of', { exact: false })).toBeVisible();

  // dnd-kit KeyboardSensor: Space picks the deal up, → moves it over the next stage, Space drops.
  const handle = page.getByRole('button', { name: `Move deal ${name}` });
  await tabTo(page, handle);
  await expectVisibleFocus(handle);
  await moveFocusedDealToProposal(page, name);
  await expect(page.locator(`section[data-stage="proposal"] [data-deal-id="${id}"]`)).toBeVisible();
  const stored = await page.request.get(`/api/crm/deals/${id}`, {
    headers: { 'X-Institution-Id': acme },
  });
  expect((await stored.json()).stage).toBe('proposal');
});

test('industry records: a new task is created from the form dialog with the keyboard alone', async ({
  page,
}) => {
  const title = `Keyboard record ${Date.now()}`;
  await page.goto('/modules/project/tasks?view=table');
  await expect(page.getByRole('button', { name: 'New Task' })).toBeVisible();
  await skipToMain(page);

  const create = page.getByRole('button', { name: 'New Task' });
  await tabTo(page, create);
  await expectVisibleFocus(create);
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'New Task' });
  await expect(form).toBeVisible();
  const titleField = form.getByLabel('Title');
  await tabTo(page, titleField);
  await expectVisibleFocus(titleField);
  await page.keyboard.type(title);
  // Status is required: a closed select takes its option from the letters typed on it.
  const status = form.getByLabel('Status');
  await tabTo(page, status);
  await expectVisibleFocus(status);
  await page.keyboard.type('To');
  await expect(status).toHaveValue('todo');
  const submit = form.getByRole('button', { name: 'Create Task' });
  await tabTo(page, submit);
  await expectVisibleFocus(submit);
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();

  await expect(page.getByRole('table').getByRole('link', { name: title })).toBeVisible();
});
