import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createRoom } from './records-catalogue';
import { openDashboard } from './shell-session';

/** `YYYY-MM-DD` of a local day `offset` days from today (the calendar shows local days). */
function localDay(offset = 0): string {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

async function createTask(page: Page, title: string): Promise<void> {
  await page.goto('/modules/project/tasks');
  await page.getByRole('button', { name: 'New Task' }).click();
  const form = page.getByRole('dialog', { name: 'New Task' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Status').selectOption({ label: 'Todo' });
  await form.getByLabel('Start date').fill(localDay(0));
  await form.getByLabel('Due date').fill(localDay(6));
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(form).toBeHidden();
}

function column(page: Page, label: string) {
  return page.getByRole('region', { name: new RegExp(`^${label} \\(\\d+\\)$`) });
}

test('a hotel reservation appears on the calendar', async ({ page }) => {
  const guest = `Cal Guest ${Date.now()}`;
  // One room a night (the no-overlap rule): a room of its own per run, so reruns never clash.
  const room = `V${String(Date.now()).slice(-6)}`;
  await openDashboard(page);
  await createRoom(page, room, '189.50');
  await page.goto('/modules/hotel/reservations?view=table');
  await page.getByRole('button', { name: 'New Reservation' }).click();
  const form = page.getByRole('dialog', { name: 'New Reservation' });
  await form.getByRole('textbox', { name: 'Guest', exact: true }).fill(guest);
  await form.getByRole('combobox', { name: 'Room', exact: true }).selectOption({ label: room });
  await form.getByLabel('Check-in').fill(localDay(0));
  // An end before the start is refused with the API's message.
  await form.getByLabel('Check-out').fill(localDay(-1));
  await form.getByLabel('Status').selectOption({ label: 'Booked' });
  await form.getByRole('button', { name: 'Create Reservation' }).click();
  await expect(form.getByText('Check-out must be on or after Check-in')).toBeVisible();
  await form.getByLabel('Check-out').fill(localDay(2));
  await form.getByRole('button', { name: 'Create Reservation' }).click();
  await expect(form).toBeHidden();

  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/view=calendar/);
  const calendar = page.getByRole('region', { name: 'Reservations calendar' });
  await expect(calendar.getByRole('link', { name: guest }).first()).toBeVisible();
  // The stay covers its nights: check-in day through check-out day.
  const todayCell = calendar
    .getByRole('cell')
    .filter({ hasText: new Date().toLocaleDateString('en-US', { dateStyle: 'full' }) });
  await expect(todayCell.getByRole('link', { name: guest })).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Reservations calendar' }).getByRole('link', { name: guest }).first(),
  ).toBeVisible();
});

test('a project task moved on the board keeps its new status after a reload', async ({ page }) => {
  const title = `Board task ${Date.now()}`;
  await openDashboard(page);
  await createTask(page, title);
  await page.goto('/modules/project/tasks?view=board');
  const card = column(page, 'Todo').getByRole('article', { name: title });
  await expect(card).toBeVisible();

  // Drag with the mouse by the card's handle into the Done column, level with the card (columns
  // run the board's full height, so that point is inside Done wherever the card sits).
  const handle = card.getByRole('button', { name: `Drag ${title}` });
  const done = column(page, 'Done');
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await done.boundingBox();
  if (!from || !to) throw new Error('board not laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, from.y + 10, { steps: 15 });
  await page.mouse.up();
  await expect(done.getByRole('article', { name: title })).toBeVisible();

  await page.reload();
  await expect(column(page, 'Done').getByRole('article', { name: title })).toBeVisible();
  await expect(column(page, 'Todo').getByRole('article', { name: title })).toHaveCount(0);
});

test('a board card moves with the keyboard and with its Move to select', async ({ page }) => {
  const title = `Keyboard task ${Date.now()}`;
  await openDashboard(page);
  await createTask(page, title);
  await page.goto('/modules/project/tasks?view=board');

  // dnd-kit KeyboardSensor: Space lifts, → moves one column, Space drops.
  const handle = column(page, 'Todo').getByRole('button', { name: `Drag ${title}` });
  // Each step waits for dnd-kit's screen-reader announcement, which also proves it is spoken.
  const announcer = page.getByRole('status').filter({ hasText: title });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(announcer).toHaveText(new RegExp(`^(Picked up ${title}|${title} is over Todo)\\.$`));
  await page.keyboard.press('ArrowRight');
  await expect(announcer).toHaveText(`${title} is over In progress.`);
  await page.keyboard.press('Space');
  await expect(column(page, 'In progress').getByRole('article', { name: title })).toBeVisible();

  await column(page, 'In progress')
    .getByRole('combobox', { name: `Move ${title} to` })
    .selectOption({ label: 'Review' });
  await expect(column(page, 'Review').getByRole('article', { name: title })).toBeVisible();
  await page.reload();
  await expect(column(page, 'Review').getByRole('article', { name: title })).toBeVisible();
});

test('project tasks draw on the timeline from start to due date', async ({ page }) => {
  const title = `Timeline task ${Date.now()}`;
  await openDashboard(page);
  await createTask(page, title);
  await page.goto('/modules/project/tasks?view=timeline');
  const timeline = page.getByRole('region', { name: 'Tasks timeline' });
  const bar = timeline.getByRole('link', { name: new RegExp(`^${title}: .+ to .+, Todo$`) });
  await expect(bar).toBeVisible();
  const box = await bar.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(10);
  await bar.click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});
