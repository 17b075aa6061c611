import { rawMessage, startTestImapServer, type TestImapServer } from '../../../apps/api/src/test/test-imap';
import { expect, test } from './fixtures';
import { acmeId, SAME_ORIGIN } from './shell-session';

let imap: TestImapServer;
test.beforeAll(async () => {
  imap = await startTestImapServer();
});
test.afterAll(async () => {
  await imap?.close();
});

test('connect a mailbox, see the customer’s e-mail on the deal, reply from the deal and see the thread', async ({
  page,
}) => {
  const stamp = Date.now();
  const customer = `nora.${stamp}@customer.test`;
  const user = imap.addUser(`dana.${stamp}@acme.test`, 'app-password');
  const headers = { ...SAME_ORIGIN, 'X-Institution-Id': await acmeId(page) };
  const contact = await page.request.post('/api/crm/contacts', {
    headers,
    data: { first_name: 'Nora', last_name: `Buyer ${stamp}`, email: customer },
  });
  expect(contact.status()).toBe(201);
  const deal = await page.request.post('/api/crm/deals', {
    headers,
    data: { name: `Nora's order ${stamp}`, amount: 900, contact_id: (await contact.json()).id },
  });
  expect(deal.status()).toBe(201);
  const dealId = (await deal.json()).id as string;
  await imap.append(
    user,
    rawMessage({
      from: `Nora Buyer <${customer}>`,
      to: user.username,
      subject: `Delivery date ${stamp}`,
      text: 'When can you deliver the order?',
      messageId: `<delivery.${stamp}@customer.test>`,
    }),
  );

  try {
    await connectAndReply();
  } finally {
    // Disconnected at the end, passed or not: no later page of the run shows this mailbox.
    const list = await page.request.get('/api/mailboxes', { headers });
    for (const entry of (await list.json()) as Array<{ id: string; username: string }>)
      if (entry.username === user.username)
        expect((await page.request.delete(`/api/mailboxes/${entry.id}`, { headers })).status()).toBe(204);
  }

  async function connectAndReply() {
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Connected mailboxes' });
    await card.getByLabel('IMAP server').fill(imap.host);
    await card.getByLabel('Port').fill(String(imap.port));
    await card.getByRole('switch', { name: 'Use TLS' }).click();
    await card.getByLabel('User name').fill(user.username);
    await card.getByLabel('Password or app password').fill(user.password);
    await card.getByRole('button', { name: 'Connect mailbox' }).click();
    await expect(page.getByText('Mailbox connected')).toBeVisible();
    const mailbox = card.getByRole('listitem', { name: `Mailbox ${user.username}` });
    await expect(mailbox.getByText('Up to date')).toBeVisible();

    await page.goto(`/modules/crm/deals/${dealId}`);
    await page.getByRole('tab', { name: 'Activities' }).click();
    const thread = page.getByRole('listitem', { name: `Conversation: Delivery date ${stamp}` });
    await expect(thread.getByText('When can you deliver the order?')).toBeVisible();
    await expect(thread.getByText(`Nora Buyer <${customer}>`)).toBeVisible();

    await thread.getByRole('textbox', { name: 'Reply' }).fill('Next Tuesday, before noon.');
    await thread.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText(`To ${customer}`, { exact: true })).toBeVisible();
    await expect(thread.getByText('Next Tuesday, before noon.')).toBeVisible();
    await expect(thread.getByText('Sent', { exact: true })).toBeVisible();

    // A new conversation from the deal, to its contact.
    await page.getByRole('button', { name: 'New e-mail' }).click();
    const compose = page.getByRole('form', { name: "New e-mail to the deal's contact" });
    await compose.getByLabel('Subject').fill(`Invoice ${stamp}`);
    await compose.getByRole('textbox', { name: 'Message' }).fill('The invoice follows, {{first_name}}.');
    await compose.getByRole('button', { name: 'Send e-mail' }).click();
    const started = page.getByRole('listitem', { name: `Conversation: Invoice ${stamp}` });
    await expect(started.getByText('The invoice follows, Nora.')).toBeVisible();

    // Sending from the person's own address from now on: the mailbox's SMTP settings (docs/product/mailboxes.md).
    await page.goto('/profile');
    const connected = page
      .getByRole('region', { name: 'Connected mailboxes' })
      .getByRole('listitem', { name: `Mailbox ${user.username}` });
    await expect(
      connected.getByText('Sends from the workspace address; answers come back to you (Reply-To)'),
    ).toBeVisible();
    await connected.getByRole('button', { name: `Add SMTP settings for ${user.username}` }).click();
    const smtp = connected.getByRole('form', { name: `SMTP settings for ${user.username}` });
    await smtp.getByLabel('SMTP server').fill('smtp.acme.test');
    await smtp.getByLabel('SMTP port').fill('587');
    await smtp.getByRole('switch', { name: 'SMTP with TLS from the start (port 465)' }).click();
    await smtp.getByRole('button', { name: 'Save SMTP settings' }).click();
    await expect(connected.getByText(`Sends from ${user.username} through smtp.acme.test:587`)).toBeVisible();
  }
});
