import { expect, test } from './fixtures';

test('toggling a workflow answers Workflow updated successfully and keeps the new state', async ({
  page,
}) => {
  await page.goto('/modules/crm/leads?leadsTab=automation');
  const card = page.getByRole('region', { name: 'Automation workflows' }).getByRole('region').first();
  const name = (await card.getByRole('heading', { level: 4 }).textContent()) ?? '';
  const wasActive = (await card.getByText('Active', { exact: true }).count()) > 0;
  await card.getByRole('button', { name: `${wasActive ? 'Pause' : 'Play'} ${name}` }).click();
  await expect(page.getByText('Workflow updated successfully')).toBeVisible();
  await expect(card.getByText(wasActive ? 'Paused' : 'Active', { exact: true })).toBeVisible();

  await page.reload();
  const again = page.getByRole('region', { name });
  await expect(again.getByText(wasActive ? 'Paused' : 'Active', { exact: true })).toBeVisible();
  await again.getByRole('button', { name: `${wasActive ? 'Play' : 'Pause'} ${name}` }).click();
  await expect(again.getByText(wasActive ? 'Active' : 'Paused', { exact: true })).toBeVisible();
});

test('a new workflow is saved and its logs show real executions', async ({ page }) => {
  const name = `Capture welcome ${Date.now()}`;
  await page.goto('/modules/crm/leads?leadsTab=automation');
  await page.getByRole('button', { name: 'New Workflow' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Workflow' });
  await dialog.getByLabel('Workflow Name').fill(name);
  await dialog.getByLabel('Trigger').selectOption('form_submitted');
  await dialog.getByLabel('Description').fill('Thank everyone who fills the form');
  await dialog.getByRole('button', { name: 'Create Workflow' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('region', { name });
  await expect(card.getByText('Form Submitted')).toBeVisible();
  await expect(card.getByText('Never')).toBeVisible();

  // A capture runs it.
  await page.goto('/modules/crm/leads/capture');
  await page.getByLabel('First Name').fill('Log');
  await page.getByLabel('Last Name').fill('Reader');
  await page.getByLabel('Email').fill(`log.reader.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Capture Lead' }).click();
  await expect(page.getByText('Lead captured! Will be reviewed by our team.')).toBeVisible();

  await page.goto('/modules/crm/leads?leadsTab=automation');
  await page
    .getByRole('region', { name })
    .getByRole('button', { name: `View Logs of ${name}` })
    .click();
  const logs = page.getByRole('dialog', { name: `${name} logs` });
  await expect(logs.getByText('success')).toBeVisible();
  await expect(logs.getByText(/E-mail “Thanks for your interest” sent to log\.reader/)).toBeVisible();
});

test('the CRM Automation tab shows rules with switches and run history', async ({ page }) => {
  await page.goto('/modules/crm');
  await page.getByRole('tablist', { name: 'CRM sections' }).getByRole('tab', { name: 'Automation' }).click();
  const rules = page.getByRole('region', { name: 'Automation rules' });
  await expect(rules.getByRole('switch').first()).toBeVisible();
  await rules
    .getByRole('button', { name: /^Run history of / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: /run history$/ })).toBeVisible();
});
