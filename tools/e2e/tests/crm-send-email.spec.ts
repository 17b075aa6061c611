import { expect, test } from './fixtures';
import { acmeId, createAcmeLead } from './crm-leads-session';

interface OutboxItem {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  status: string;
}

test('Send Email on Lead Qualification queues the message in the outbox and logs it on the lead', async ({
  page,
}) => {
  const stamp = Date.now();
  const email = `mia.mailer.${stamp}@mail.test`;
  const leadId = await createAcmeLead(page, { first_name: 'Mia', last_name: `Mailer ${stamp}`, email });
  await page.goto(`/modules/crm/leads/${leadId}/qualification`);
  await page.getByRole('tab', { name: 'Quick Actions' }).click();
  await expect(page.getByText(`To ${email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Send Email' }).click();

  const dialog = page.getByRole('dialog', { name: 'Send Email' });
  await expect(dialog.getByLabel('To')).toHaveValue(email);
  await expect(dialog.getByLabel('To')).not.toBeEditable();
  const subject = dialog.getByLabel('Subject');
  await expect(subject).toHaveValue('Following up, Mia');
  await expect(subject).toBeFocused();

  // Nothing is sent without a subject and a message.
  await subject.fill('');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Subject is required')).toBeVisible();
  await expect(dialog.getByText('Message is required')).toBeVisible();
  await expect(dialog.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');

  // By keyboard: write, then send with the button.
  await subject.fill('Hello {{first_name}}');
  await dialog.getByLabel('Message').fill('Nice to meet you, {{first_name}}.\n\nTalk soon.');
  await dialog.getByLabel('Message').press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByText('Email sent successfully')).toBeVisible();
  await expect(page.getByText(`Sent to ${email}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Recent activity' }).getByText('Hello Mia')).toBeVisible();

  // The message is in the institution's outbox, merge fields filled, and leaves with no SMTP server.
  const institution = await acmeId(page);
  const list = await page.request.get('/api/outbox?limit=50', {
    headers: { 'X-Institution-Id': institution },
  });
  expect(list.ok()).toBe(true);
  const items = ((await list.json()) as { items: OutboxItem[] }).items;
  const message = items.find((item) => item.recipient === email);
  expect(message).toMatchObject({ kind: 'direct', subject: 'Hello Mia' });
  const detail = await page.request.get(`/api/outbox/${message?.id}`, {
    headers: { 'X-Institution-Id': institution },
  });
  expect(((await detail.json()) as { text_body: string }).text_body).toContain(
    'Nice to meet you, Mia.\n\nTalk soon.',
  );
  await expect
    .poll(async () => {
      const again = await page.request.get(`/api/outbox/${message?.id}`, {
        headers: { 'X-Institution-Id': institution },
      });
      return ((await again.json()) as OutboxItem).status;
    })
    .toBe('sent');
});
