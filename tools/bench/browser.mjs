// The bench's browser half: what a signed-in user downloads with a cold cache (bytes on the wire,
// from Chromium's own network events) and how the pipeline screen behaves on the bench's volume.
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../e2e/chromium-launch.cjs';

/** A fresh context (nothing cached) already signed in through the API, as the sign-in form would. */
async function signedInContext(browser, base, user) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const response = await context.request.post('/api/auth/sign-in', { data: user });
  if (!response.ok()) throw new Error(`sign-in answered ${response.status()}`);
  return context;
}

/**
 * Opens `path` in a cold context and sums the encoded (on the wire) length of every response until
 * `ready` holds and the network has been quiet, by resource type.
 */
async function transferOf(browser, base, user, path, ready) {
  const context = await signedInContext(browser, base, user);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const types = new Map();
  const bytes = { all: 0, script: 0, stylesheet: 0, document: 0, fetch: 0, other: 0 };
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    const type = (types.get(event.requestId) ?? 'Other').toLowerCase();
    const key = type === 'xhr' ? 'fetch' : type in bytes ? type : 'other';
    bytes[key] += event.encodedDataLength;
    bytes.all += event.encodedDataLength;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await context.close();
  return Object.fromEntries(Object.entries(bytes).map(([key, value]) => [key, Math.round(value / 1024)]));
}

/** Transfer sizes of the dashboard, the CRM page and an industry module page (KB). */
export async function measureTransfers(base, user) {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const dashboard = await transferOf(browser, base, user, '/dashboard', (page) =>
      page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(),
    );
    const crm = await transferOf(browser, base, user, '/modules/crm', (page) =>
      page.getByRole('heading', { level: 2, name: /CRM/ }).first().waitFor(),
    );
    const healthcare = await transferOf(browser, base, user, '/modules/healthcare', (page) =>
      page
        .getByRole('heading', { level: 2, name: /Healthcare/ })
        .first()
        .waitFor(),
    );
    return { dashboard, crm, healthcare };
  } finally {
    await browser.close();
  }
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * The pipeline of `user`'s (only) institution: time from opening the Pipeline tab to the first deal card
 * on screen, and from dropping a card on another column to the confirming toast (mouse drags
 * between two columns, timed inside the page from the pointerup to the toast's appearance).
 */
export async function measurePipeline(base, user, drops = 20) {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const context = await signedInContext(browser, base, user);
    // The user's one institution, the one the shell opens.
    const [institution] = await (await context.request.get('/api/institutions')).json();
    const institutionId = institution.id;
    const page = await context.newPage();
    await page.goto('/modules/crm');
    await page.getByRole('tab', { name: 'Pipeline' }).waitFor();
    const opened = Date.now();
    await page.getByRole('tab', { name: 'Pipeline' }).click();
    await page.locator('article[data-deal-id]').first().waitFor();
    const usableMs = Date.now() - opened;
    const cards = await page.locator('article[data-deal-id]').count();

    const name = `Bench drag ${Date.now()}`;
    const created = await context.request.post('/api/crm/deals', {
      headers: { 'X-Institution-Id': institutionId, Origin: base },
      data: { name, stage: 'prospecting', amount: 1000, probability: 10 },
    });
    const dealId = (await created.json()).id;
    await page.goto('/modules/crm/deals');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Search deals').fill(name);
    await page.getByText('1 of', { exact: false }).waitFor();

    const timings = [];
    let from = 'prospecting';
    for (let i = 0; i < drops; i += 1) {
      const to = from === 'prospecting' ? 'qualification' : 'prospecting';
      await page.evaluate(() => {
        const state = { droppedAt: 0, toastAt: 0 };
        window.__benchDrop = state;
        window.addEventListener('pointerup', () => (state.droppedAt = performance.now()), {
          capture: true,
          once: true,
        });
        const observer = new MutationObserver(() => {
          if (!state.droppedAt || state.toastAt) return;
          if (document.body.textContent?.includes('Deal stage updated successfully')) {
            state.toastAt = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      const card = await page.locator(`article[data-deal-id="${dealId}"]`).boundingBox();
      const column = await page.locator(`section[data-stage="${to}"]`).boundingBox();
      if (!card || !column) throw new Error('card or column not on screen');
      await page.mouse.move(card.x + card.width / 2, card.y + 20);
      await page.mouse.down();
      await page.mouse.move(card.x + card.width / 2 + 8, card.y + 28, { steps: 2 });
      await page.mouse.move(column.x + column.width / 2, column.y + 160, { steps: 12 });
      await page.locator(`section[data-stage="${to}"] [data-over]`).waitFor();
      await page.mouse.up();
      await page.waitForFunction(() => window.__benchDrop.toastAt > 0, undefined, { timeout: 10_000 });
      timings.push(await page.evaluate(() => window.__benchDrop.toastAt - window.__benchDrop.droppedAt));
      await page.locator(`section[data-stage="${to}"] article[data-deal-id="${dealId}"]`).waitFor();
      // The next drop needs its own toast: dismiss this one.
      await page.getByRole('button', { name: 'Dismiss notification' }).first().click();
      await page.getByText('Deal stage updated successfully').waitFor({ state: 'detached', timeout: 15_000 });
      from = to;
    }
    await context.close();
    return {
      usableMs,
      cards,
      dropToToastP95: Math.round(percentile(timings, 95)),
      dropToToastP50: Math.round(percentile(timings, 50)),
    };
  } finally {
    await browser.close();
  }
}
