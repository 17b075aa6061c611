import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { closeOpenedContexts, openContext } from './shell-session';

/** A visitor's site on another origin: a plain HTML page with the snippet the owner copied. */
async function siteWith(snippet: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><title>Tollan Labs</title></head>
<body><h1>Talk to us</h1>${snippet}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let site: { origin: string; server: Server } | null = null;
test.afterEach(async () => {
  await closeOpenedContexts();
  await new Promise((resolve) => (site ? site.server.close(resolve) : resolve(null)));
  site = null;
});

test('a form embedded on another site brings a visitor in as a scored lead', async ({ page, browser }) => {
  const tag = String(Date.now());
  await page.goto('/modules/crm/forms');
  await page.getByRole('link', { name: 'New Form' }).click();
  await page.getByLabel('Name', { exact: true }).fill(`Demo request ${tag}`);
  const fields = page.getByRole('table', { name: 'Fields' });
  for (const field of ['Industry', 'Company size', 'Budget'])
    await fields.getByRole('checkbox', { name: `Ask for ${field}` }).check();
  await page.getByRole('button', { name: 'Save Form' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Demo request ${tag}` })).toBeVisible();

  // The snippet is copied from the form's page onto a site of another origin.
  const snippet = await page.getByLabel('Script snippet').inputValue();
  site = await siteWith(snippet);
  await page.getByLabel('Sites that may embed the form').fill(site.origin);
  // The first save's toast may still be showing: the second save is proven by its own answer.
  const updated = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && /\/api\/crm\/forms\/[^/]+$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Save Form' }).click();
  expect((await updated).ok()).toBe(true);
  await expect(page.getByText('Web form saved').last()).toBeVisible();

  const visitor = await (await openContext(browser)).newPage();
  await visitor.goto(site.origin);
  const form = visitor.getByRole('form', { name: `Demo request ${tag}` });
  await form.getByLabel('First name *').fill('Wren');
  await form.getByLabel('Last name *').fill(`Visitor${tag}`);
  await form.getByLabel('E-mail *').fill(`wren.${tag}@tollan.test`);
  await form.getByLabel('Industry').selectOption('technology');
  await form.getByLabel('Company size').selectOption('201-1000');
  await form.getByLabel('Budget').selectOption('50k+');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(visitor.getByRole('status')).toHaveText('Thank you! We will be in touch soon.');

  // email 40, from the web 50, size 80, industry 100, budget 100 → 71, a warm lead.
  const submissions = page.getByRole('table', { name: 'Latest submissions' });
  await expect(submissions.getByRole('row', { name: new RegExp(`Wren Visitor${tag}`) })).toContainText(
    '71 (Warm)',
  );
  await submissions.getByRole('link', { name: `Wren Visitor${tag}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Wren Visitor${tag}` })).toBeVisible();
  await expect(page.getByText('Warm · 71/100')).toBeVisible();
  await expect(page.getByText(`Sent through the web form “Demo request ${tag}”.`)).toBeVisible();
});
