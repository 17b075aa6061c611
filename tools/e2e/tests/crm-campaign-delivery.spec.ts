import { expect, test } from './fixtures';
import { acmeId } from './crm-leads-session';
import { SAME_ORIGIN } from './shell-session';

test('a campaign is sent from its delivery view, which shows the queue’s progress, also after a reload', async ({
  page,
}) => {
  const stamp = Date.now();
  const tag = `e2e${stamp}`;
  const headers = { ...SAME_ORIGIN, 'X-Institution-Id': await acmeId(page) };
  for (const name of ['Ada', 'Bo']) {
    const contact = await page.request.post('/api/crm/contacts', {
      headers,
      data: {
        first_name: name,
        last_name: `Reader ${stamp}`,
        email: `${name.toLowerCase()}.${stamp}@mail.test`,
        tags: [tag],
      },
    });
    expect(contact.status()).toBe(201);
  }
  const created = await page.request.post('/api/crm/email-campaigns', {
    headers,
    data: {
      name: `Delivery ${stamp}`,
      subject: 'Hello {{first_name}}',
      body: 'News for you, {{first_name}}.',
      audience: { tags: [tag] },
    },
  });
  expect(created.status()).toBe(201);
  const campaignId = ((await created.json()) as { id: string }).id;

  await page.goto('/modules/crm/campaigns');
  await page.getByRole('link', { name: `Delivery ${stamp}` }).click();
  await expect(page).toHaveURL(new RegExp(`/modules/crm/campaigns/${campaignId}$`));
  const summary = page.getByRole('region', { name: 'Delivery' });
  await expect(summary.getByText('Draft', { exact: true })).toBeVisible();
  await expect(summary.getByRole('status')).toHaveText('Not sent yet');

  await page.getByRole('button', { name: 'Send Campaign' }).click();
  await expect(page.getByText('Campaign is being sent')).toBeVisible();
  await expect(summary.getByRole('status')).toHaveText('2 of 2 messages sent');
  await expect(summary.getByText('Sent', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Campaign' })).toBeHidden();
  const figures = page.getByLabel('Delivery figures');
  await expect(figures.getByText('Sent')).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('cell', { name: `ada.${stamp}@mail.test` })).toBeVisible();

  await page.reload();
  await expect(summary.getByRole('status')).toHaveText('2 of 2 messages sent');
  await expect(summary.getByRole('progressbar', { name: 'Messages sent' })).toHaveAttribute(
    'aria-valuenow',
    '2',
  );

  // An owner reading a campaign message in the Outbox is not its recipient opening it.
  const delivery = await page.request.get(`/api/crm/email-campaigns/${campaignId}/delivery`, { headers });
  const [first] = ((await delivery.json()) as { recipients: Array<{ message_id: string }> }).recipients;
  await page.goto(`/administration/outbox/${first.message_id}`);
  const frameElement = page.locator('iframe[title="The message as its recipient sees it"]');
  const preview = page.frameLocator('iframe[title="The message as its recipient sees it"]');
  await expect(preview.getByText('News for you, Ada.')).toBeVisible();
  // The frame's load event comes once every image in it has loaded or been refused: an open the
  // preview could have counted would have reached the server by then.
  const frame = await (await frameElement.elementHandle())?.contentFrame();
  await frame?.waitForLoadState('load');
  const after = await page.request.get(`/api/crm/email-campaigns/${campaignId}/delivery`, { headers });
  expect(((await after.json()) as { opened: number }).opened).toBe(0);

  // The recipient follows the unsubscribe link of the message: the page asks, the button confirms.
  const detail = await page.request.get(`/api/outbox/${first.message_id}`, { headers });
  const links = ((await detail.json()) as { links: string[] }).links;
  const unsubscribe = links.find((link) => link.includes('/api/mail/u/'));
  expect(unsubscribe).toBeDefined();
  await page.goto(unsubscribe ?? '');
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(
    page.getByText(`ada.${stamp}@mail.test will get no more campaign e-mails from Acme`),
  ).toBeVisible();
  const unsubscribed = await page.request.get(`/api/crm/email-campaigns/${campaignId}/delivery`, { headers });
  expect(((await unsubscribed.json()) as { unsubscribed: number }).unsubscribed).toBe(1);
});
