import { expect, test } from './fixtures';
import { acmeHeaders, dealWithLine, quoteLinkSentTo } from './crm-selling-session';
import { closeOpenedContexts, openContext } from './shell-session';

test.afterEach(closeOpenedContexts);

test('add two products to a deal and see the amount', async ({ page }) => {
  const stamp = Date.now();
  const headers = await acmeHeaders(page);
  const existing = await page.request.post('/api/crm/products', {
    headers,
    data: { name: `Support ${stamp}`, prices: [{ currency: 'USD', unit_price: 45.5 }] },
  });
  expect(existing.status()).toBe(201);
  const deal = await page.request.post('/api/crm/deals', {
    headers,
    data: { name: `Products ${stamp}`, amount: 100 },
  });
  const dealId = (await deal.json()).id as string;

  // One product from the catalogue page…
  await page.goto('/modules/crm/products');
  const form = page.getByRole('form', { name: 'New product' });
  await form.getByLabel('Name').fill(`Licence ${stamp}`);
  await form.getByLabel('Unit price').fill('120');
  await form.getByLabel('Tax %').fill('10');
  await form.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByRole('table', { name: 'Products' }).getByText(`Licence ${stamp}`)).toBeVisible();

  // …and both on the deal: 2 × $120.00 + 10 % = $264.00; 3 × $45.50 = $136.50; the deal is worth $400.50.
  await page.goto(`/modules/crm/deals/${dealId}`);
  await page.getByRole('tab', { name: 'Products' }).click();
  const add = page.getByRole('form', { name: 'Add a line' });
  await add.getByLabel('Product').selectOption({ label: `Licence ${stamp}` });
  await expect(add.getByLabel('Unit price (USD)')).toHaveValue('120');
  await add.getByLabel('Quantity').fill('2');
  await add.getByRole('button', { name: 'Add line' }).click();
  await expect(page.getByRole('table', { name: 'Deal line items' }).getByText('$264.00')).toBeVisible();
  await add.getByLabel('Product').selectOption({ label: `Support ${stamp}` });
  await add.getByLabel('Quantity').fill('3');
  await add.getByRole('button', { name: 'Add line' }).click();
  await expect(page.getByTestId('line-items-amount')).toHaveText('$400.50');
  await expect(page.getByText('Deal Value').locator('..')).toContainText('$400.50');
});

test('send a quote and accept it from the public page', async ({ page, browser }) => {
  const stamp = Date.now();
  const dealId = await dealWithLine(page, `Quote ${stamp}`);
  await page.goto(`/modules/crm/deals/${dealId}`);
  await page.getByRole('tab', { name: 'Quotes' }).click();
  await page.getByRole('form', { name: 'New quote' }).getByLabel('Terms').fill('Payment within 30 days.');
  await page.getByRole('button', { name: 'Create Quote' }).click();
  const row = page.getByRole('list', { name: 'Deal quotes' }).getByRole('listitem').first();
  await expect(row).toContainText('$3,300.00');
  const number = ((await row.locator('strong').textContent()) ?? '').trim();
  expect(number).toMatch(/^Q-\d{4}-\d{4}$/);

  await row.getByRole('button', { name: `Send ${number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Send quote ${number}` });
  const recipient = `buyer.${stamp}@customer.test`;
  await dialog.getByLabel('Recipient e-mail').fill(recipient);
  await dialog.getByRole('button', { name: 'Send Quote' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Sent');

  // The customer opens the link of the e-mail, with no session, and accepts.
  const link = await quoteLinkSentTo(page, recipient);
  const customer = await (await openContext(browser)).newPage();
  await customer.goto(link);
  await expect(
    customer.getByRole('heading', { level: 1, name: new RegExp(`Quote ${number} from`) }),
  ).toBeVisible();
  await customer.getByRole('button', { name: 'Accept quote' }).click();
  await expect(customer.getByText('You accepted this quote. Thank you!')).toBeVisible();

  // The deal is won, and the answer is on its timeline.
  await page.reload();
  await expect(page.getByText('Closed Won', { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Activities' }).click();
  await expect(page.getByText(`Quote ${number} accepted by the customer`)).toBeVisible();
});
