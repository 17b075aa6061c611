import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, test } from '@playwright/test';
import { PAGES } from '../e2e/tests/audited-pages';
import { AUDIT_SIZES, auditGroups, openAuditedPage, signInAs } from '../e2e/tests/page-audit';
import { signIn } from '../e2e/tests/shell-session';

const folder = resolve(process.env.SCREENSHOTS_DIR ?? join(__dirname, '..', '..', 'screenshots'));
mkdirSync(folder, { recursive: true });

const fileName = (name: string, size: { width: number; height: number }) =>
  `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${size.width}x${size.height}.png`;

/** Dana in a context of her own, signed in through the form (this run saves no sessions). */
async function danaPage(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page);
  return page;
}

for (const size of AUDIT_SIZES) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    for (const [as, pages] of auditGroups(PAGES)) {
      test(pages.map((entry) => entry.name).join(', '), async ({ page, browser }) => {
        await signInAs(page, as);
        for (const entry of pages) {
          await openAuditedPage(page, entry, () => danaPage(browser));
          await page.screenshot({ path: join(folder, fileName(entry.name, size)), fullPage: true });
        }
      });
    }
  });
}
