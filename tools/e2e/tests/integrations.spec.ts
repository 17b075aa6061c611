import { createServer, type Server } from 'node:http';
import { expect, test } from './fixtures';
import { SAME_ORIGIN, selectedInstitutionId } from './shell-session';

/** A webhook receiver on loopback (the e2e server runs with WEBHOOK_ALLOW_PRIVATE=1). */
let receiver: Server;
let receiverUrl = '';
const received: Array<{ type: string; dealId: string | undefined }> = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const event = JSON.parse(body) as { type: string; data?: { id?: string } };
      received.push({
        type: event.type,
        dealId: event.data?.id,
      });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/tessera`;
});

test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

test('an owner makes an API key, uses it once, revokes it; a webhook logs a moved deal', async ({
  page,
  baseURL,
}) => {
  const name = `E2E key ${Date.now()}`;
  await page.goto('/administration/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API Keys' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New API key' });
  await form.getByLabel('Key name').fill(name);
  await form.getByRole('checkbox', { name: 'crm:read' }).check();
  await page.getByRole('button', { name: 'Create API key' }).click();
  const shown = page.getByLabel(`API key ${name} (shown once: copy it now)`);
  await expect(shown).toHaveValue(/^tsk_/);
  const secret = await shown.inputValue();
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();

  // The key alone, from outside the browser: no cookie, no institution header.
  const withKey = () =>
    fetch(`${baseURL}/api/crm/deals?limit=1`, { headers: { Authorization: `Bearer ${secret}` } });
  expect((await withKey()).status).toBe(200);

  // Shown once: after a reload the list has the key's prefix, never the secret.
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(page.getByLabel(`API key ${name} (shown once: copy it now)`)).toHaveCount(0);
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await expect(row).toContainText('Revoked');
  expect((await withKey()).status).toBe(401);

  await page.goto('/administration/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  const hookForm = page.getByRole('form', { name: 'New webhook' });
  await hookForm.getByLabel('Endpoint URL').fill(receiverUrl);
  await hookForm.getByRole('checkbox', { name: 'deal events' }).check();
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByLabel(`Signing secret for ${receiverUrl} (shown once: copy it now)`)).toHaveValue(
    /^whsec_/,
  );
  const card = page.getByRole('region', { name: `Webhook ${receiverUrl}` });
  await expect(card.getByText('No deliveries yet.')).toBeVisible();

  // Move a deal (the pipeline's own call) and watch the delivery arrive in the log.
  const headers = { ...SAME_ORIGIN, 'X-Institution-Id': await selectedInstitutionId(page) };
  const deal = await page.request.post('/api/crm/deals', {
    headers,
    data: { name: `E2E hook ${Date.now()}` },
  });
  expect(deal.status()).toBe(201);
  const dealId: string = (await deal.json()).id;
  const moved = await page.request.patch(`/api/crm/deals/${dealId}`, {
    headers,
    data: { stage: 'qualification' },
  });
  expect(moved.status()).toBe(200);
  // This deal's event reaches the receiver. Journeys running beside this one move Acme's deals too,
  // so the log may hold their deliveries as well: each is one row, newest first.
  await expect
    .poll(() => received.some((entry) => entry.type === 'deal.stage_changed' && entry.dealId === dealId))
    .toBe(true);
  const delivered = card.getByRole('row').filter({ hasText: 'deal.stage_changed' }).first();
  await expect(delivered).toContainText('Delivered');
  await expect(delivered).toContainText('200');
  // Its attempts unfold: one, answered 200.
  await delivered.getByText(/^1 attempt of /).click();
  await expect(delivered.getByRole('listitem')).toContainText(/HTTP 200 in \d+ ms/);

  // Acme's other journeys change deals too: the receiver leaves with this journey.
  await card.getByRole('button', { name: `Delete webhook ${receiverUrl}` }).click();
  await expect(card).toHaveCount(0);
});
