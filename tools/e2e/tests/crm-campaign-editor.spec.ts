import { expect, test } from './fixtures';
import { acmeId } from './crm-leads-session';
import { SAME_ORIGIN } from './shell-session';

test('a campaign written in the editor goes to a tagged audience, counted before sending, and is delivered in the outbox', async ({
  page,
}) => {
  // The whole flow, editor to outbox, in one test: more than the default minute.
  test.slow();
  const stamp = Date.now();
  const tag = `editor${stamp}`;
  const headers = { ...SAME_ORIGIN, 'X-Institution-Id': await acmeId(page) };
  for (const [name, tags] of [
    ['Ada', [tag]],
    ['Bo', [tag, 'vip']],
    ['Cy', []],
  ] as const) {
    const contact = await page.request.post('/api/crm/contacts', {
      headers,
      data: {
        first_name: name,
        last_name: `Editor ${stamp}`,
        email: `${name.toLowerCase()}.${stamp}@mail.test`,
        tags,
      },
    });
    expect(contact.status()).toBe(201);
  }

  await page.goto('/modules/crm/campaigns');
  await page.getByRole('link', { name: 'New Campaign' }).click();
  await expect(page).toHaveURL(/\/modules\/crm\/campaigns\/new$/);
  await expect(page.getByRole('heading', { level: 2, name: 'New Campaign' })).toBeVisible();

  // Nothing is saved without a name and a subject; each field says what is missing.
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Subject is required')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  const name = `Editor ${stamp}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Subject', { exact: true }).fill('Hello {{first_name}}');
  const message = page.getByLabel('Message', { exact: true });
  await message.fill('News for you, {{first_name}} at ');
  // A merge field goes in where the caret is, by keyboard like any button.
  await page.getByRole('button', { name: 'Insert {{company}} into the message' }).focus();
  await page.keyboard.press('Enter');
  await expect(message).toHaveValue('News for you, {{first_name}} at {{company}}');

  // The live preview fills the merge fields as a recipient reads them.
  await expect(page.getByTestId('preview-subject')).toHaveText('Hello Ada');
  const preview = page.frameLocator('iframe[title="Preview of the message"]');
  await expect(preview.getByText('News for you, Ada at Analytical Engines')).toBeVisible();

  // The audience: the tag; the count is shown before anything is sent.
  const recipients = page.getByRole('status', { name: 'Recipients' });
  await page.getByLabel('Tags', { exact: true }).fill(tag);
  await expect(recipients).toContainText('2 recipients');
  await page.getByRole('checkbox', { name: 'Inactive' }).check();
  await expect(recipients).toContainText('0 recipients');
  await page.getByRole('checkbox', { name: 'Inactive' }).uncheck();
  await page.getByLabel('Tags', { exact: true }).fill(`${tag}, vip`);
  await expect(recipients).toContainText('1 recipient');
  await page.getByLabel('Tags', { exact: true }).fill(tag);
  await expect(recipients).toContainText('2 recipients');

  // A schedule in the past is refused on its field, and nothing is scheduled.
  await page.getByLabel('Send at', { exact: true }).fill('2020-01-01T09:00');
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Choose a time in the future')).toBeVisible();
  await expect(page.getByLabel('Send at', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  // A test to oneself first: saved, sent to Dana only.
  await page.getByRole('button', { name: 'Send Test' }).click();
  await expect(page.getByText('Test email sent')).toBeVisible();
  await expect(page.getByText('Sent to demo@acme.test')).toBeVisible();
  await expect(page).toHaveURL(/\/modules\/crm\/campaigns\/[0-9a-f-]+\/edit$/);

  await page.getByRole('button', { name: 'Send Now' }).click();
  await expect(page.getByText('Campaign is being sent')).toBeVisible();
  await expect(page).toHaveURL(/\/modules\/crm\/campaigns\/[0-9a-f-]+$/);
  const summary = page.getByRole('region', { name: 'Delivery' });
  await expect(summary.getByRole('status')).toHaveText('2 of 2 messages sent');
  await expect(summary.getByText('Sent', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: `ada.${stamp}@mail.test` })).toBeVisible();
  await expect(page.getByRole('cell', { name: `bo.${stamp}@mail.test` })).toBeVisible();
  await expect(page.getByRole('cell', { name: `cy.${stamp}@mail.test` })).toHaveCount(0);

  // The list shows the campaign's figures.
  await page.getByRole('link', { name: 'Email Campaigns' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  await expect(row.getByRole('cell')).toHaveText(
    [new RegExp(name), 'Sent', `Tags: ${tag}`, '2', '2', '0', '0', '0', /^Sent /],
    // A loaded machine takes its time to render the page.
    { timeout: 30_000 },
  );

  // The outbox has each recipient's message, merge fields filled, handed over; and the test.
  await page.goto('/administration/outbox');
  const messages = page.getByRole('table', { name: 'Messages' });
  for (const [person, address] of [
    ['Ada', `ada.${stamp}@mail.test`],
    ['Bo', `bo.${stamp}@mail.test`],
  ]) {
    const delivered = messages.getByRole('row').filter({ hasText: address });
    await expect(delivered.getByRole('link', { name: `Hello ${person}` })).toBeVisible({ timeout: 60_000 });
    await expect(delivered.getByRole('cell', { name: 'Campaign', exact: true })).toBeVisible();
    await expect(delivered).toContainText(/Kept here \(no mail server\)|Sent/);
  }
  const testMessage = messages
    .getByRole('row')
    .filter({ hasText: 'demo@acme.test' })
    .filter({ has: page.getByRole('link', { name: /^\[Test\] Hello / }) });
  await expect(testMessage.first().getByRole('cell', { name: 'Test message' })).toBeVisible();
});
