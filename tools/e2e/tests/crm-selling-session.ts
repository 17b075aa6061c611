import { expect, type Page } from '@playwright/test';
import { acmeId, SAME_ORIGIN } from './shell-session';

/** Acme's headers for API calls made with the page's session. */
export async function acmeHeaders(page: Page): Promise<Record<string, string>> {
  return { ...SAME_ORIGIN, 'X-Institution-Id': await acmeId(page) };
}

/** A deal of Acme with one free line (2 × $1,500.00, 10 % tax): $3,300.00. */
export async function dealWithLine(page: Page, name: string): Promise<string> {
  const headers = await acmeHeaders(page);
  const deal = await page.request.post('/api/crm/deals', { headers, data: { name, amount: 100 } });
  expect(deal.status()).toBe(201);
  const id = (await deal.json()).id as string;
  const line = await page.request.post(`/api/crm/deals/${id}/line-items`, {
    headers,
    data: { name: 'Implementation', quantity: 2, unit_price: 1500, tax_percent: 10 },
  });
  expect(line.status()).toBe(201);
  return id;
}

/** The public link of the quote message queued in Acme's outbox for `recipient`. */
export async function quoteLinkSentTo(page: Page, recipient: string): Promise<string> {
  const headers = await acmeHeaders(page);
  const list = await page.request.get('/api/outbox?limit=50', { headers });
  expect(list.ok()).toBe(true);
  const items = ((await list.json()) as { items: Array<{ id: string; kind: string; recipient: string }> })
    .items;
  const message = items.find((item) => item.kind === 'quote' && item.recipient === recipient);
  expect(message).toBeDefined();
  const detail = await page.request.get(`/api/outbox/${message?.id}`, { headers });
  const links = ((await detail.json()) as { links: string[] }).links;
  const link = links.find((url) => url.includes('/api/quotes/public/'));
  expect(link).toBeDefined();
  return link as string;
}

/** A quote sent to a customer through the API: the path of its public page. */
export async function sentQuotePath(page: Page): Promise<string> {
  const headers = await acmeHeaders(page);
  const dealId = await dealWithLine(page, `A11y quote ${Date.now()}`);
  const quote = await page.request.post(`/api/crm/deals/${dealId}/quotes`, { headers, data: {} });
  expect(quote.status()).toBe(201);
  const recipient = `a11y.${Date.now()}@customer.test`;
  const sent = await page.request.post(`/api/crm/quotes/${(await quote.json()).id}/send`, {
    headers,
    data: { to: recipient },
  });
  expect(sent.status()).toBe(200);
  return new URL(await quoteLinkSentTo(page, recipient)).pathname;
}

/** A deal with a line and a draft quote: what its Products and Quotes tabs show filled in. */
export async function quotedDealPath(page: Page): Promise<string> {
  const dealId = await dealWithLine(page, `A11y selling ${Date.now()}`);
  const quote = await page.request.post(`/api/crm/deals/${dealId}/quotes`, {
    headers: await acmeHeaders(page),
    data: {},
  });
  expect(quote.status()).toBe(201);
  return `/modules/crm/deals/${dealId}`;
}
