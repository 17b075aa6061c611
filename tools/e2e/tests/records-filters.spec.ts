import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openDashboard } from './shell-session';

function localDay(offset = 0): string {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

async function createTask(page: Page, title: string, status: string, due: string): Promise<void> {
  // A fresh page each time: the last "Task created" toast would sit over the dialog's buttons.
  await page.goto('/modules/project/tasks?view=table');
  // The project screens come from a remote loaded on first use.
  await page.getByRole('button', { name: 'New Task' }).click({ timeout: 60_000 });
  const form = page.getByRole('dialog', { name: 'New Task' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Status').selectOption({ label: status });
  await form.getByLabel('Start date').fill(localDay(0));
  await form.getByLabel('Due date').fill(due);
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(form).toBeHidden();
}

function filters(page: Page) {
  return page.getByRole('group', { name: 'Filter tasks' });
}

test('filter a table by status and date range, reload with the filter kept, then bulk edit and delete', async ({
  page,
}) => {
  const stamp = Date.now();
  const inReview = `Filter review ${stamp}`;
  const later = `Filter later ${stamp}`;
  const todo = `Filter todo ${stamp}`;
  await openDashboard(page);
  await createTask(page, inReview, 'Review', localDay(3));
  await createTask(page, later, 'Review', localDay(40));
  await createTask(page, todo, 'Todo', localDay(3));

  await page.getByRole('searchbox', { name: 'Search tasks' }).fill(`Filter`);
  await expect(page).toHaveURL(/q=Filter/);
  // Status: any of the ticked values.
  await filters(page)
    .locator('summary', { hasText: /^Status/ })
    .click();
  // The filter lives in the URL: the box shows it once the address has changed (a transition), not within the click.
  const review = filters(page).getByRole('checkbox', { name: 'Review' });
  await review.click();
  await expect(review).toBeChecked();
  await expect(page).toHaveURL(/f=status%3Areview/);
  await filters(page)
    .locator('summary', { hasText: /^Status/ })
    .click();
  // A date range over the due date.
  await filters(page).getByLabel('Date field').selectOption({ label: 'Due date' });
  await filters(page).getByLabel('From', { exact: true }).fill(localDay(0));
  await filters(page).getByLabel('To', { exact: true }).fill(localDay(10));
  await expect(page).toHaveURL(/df=due_date/);
  const table = page.getByRole('table');
  await expect(table.getByRole('link', { name: inReview })).toBeVisible();
  await expect(table.getByRole('link', { name: later })).toHaveCount(0);
  await expect(table.getByRole('link', { name: todo })).toHaveCount(0);

  await page.reload();
  await expect(page).toHaveURL(/f=status%3Areview/);
  await expect(filters(page).getByText('Status (1)')).toBeVisible();
  await expect(filters(page).getByLabel('To', { exact: true })).toHaveValue(localDay(10));
  await expect(page.getByRole('table').getByRole('link', { name: inReview })).toBeVisible();
  await expect(page.getByRole('table').getByRole('link', { name: todo })).toHaveCount(0);

  // Saved view: keeps this list under a name.
  await page.getByRole('button', { name: 'Save view' }).click();
  const naming = page.getByRole('dialog', { name: 'Save view' });
  await naming.getByLabel('View name').fill(`Review soon ${stamp}`);
  await naming.getByRole('button', { name: 'Save view' }).click();
  await expect(naming).toBeHidden();
  await page.goto('/modules/project/tasks?view=table');
  await page.getByRole('combobox', { name: /^Saved views/ }).selectOption({ label: `Review soon ${stamp}` });
  await expect(page).toHaveURL(/f=status%3Areview/);
  await expect(page.getByRole('table').getByRole('link', { name: inReview })).toBeVisible();

  // Column choice lives in the URL too.
  const columns = filters(page).locator('summary', { hasText: 'Columns' });
  await columns.click();
  const priority = filters(page).getByRole('checkbox', { name: 'Priority' });
  await priority.click();
  await expect(priority).not.toBeChecked();
  await columns.click();
  await expect(page).toHaveURL(/cols=/);
  await expect(page.getByRole('columnheader', { name: /Priority/ })).toHaveCount(0);

  // Bulk status edit, then bulk delete after a confirmation.
  await page.getByRole('checkbox', { name: `Select ${inReview}` }).check();
  const bulk = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bulk.getByText('1 task selected')).toBeVisible();
  await bulk.getByLabel(/Set status to/).selectOption({ label: 'Done' });
  await bulk.getByRole('button', { name: 'Apply to selected' }).click();
  await expect(page.getByRole('table').getByRole('link', { name: inReview })).toHaveCount(0);

  await page.goto(`/modules/project/tasks?view=table&q=${stamp}`);
  await page.getByRole('checkbox', { name: 'Select all tasks on this page' }).check();
  await page
    .getByRole('region', { name: 'Bulk actions' })
    .getByRole('button', { name: 'Delete selected' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete 3 tasks?' });
  await confirm.getByRole('button', { name: 'Delete 3 tasks' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(/No tasks match/)).toBeVisible();
});
