import { expect, test } from '@playwright/test';
import { PAGES } from './audited-pages';
import {
  AUDIT_SIZES,
  auditGroups,
  internalIdsOnScreen,
  openAuditedPage,
  overflowFindings,
  placeDisagreements,
  signInAs,
} from './page-audit';

/*
 * Every audited page at three sizes: nothing clipped or overflowing (tables scroll inside their own
 * box, never the page), no internal id (a UUID, `#f459cae7`) in the visible text, and a header and
 * tab title that say what the breadcrumb says.
 */
for (const size of AUDIT_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    for (const [as, pages] of auditGroups(PAGES)) {
      test(`${pages.map((entry) => entry.name).join(', ')}: nothing overflows, no ids, the header agrees`, async ({
        page,
        browser,
      }) => {
        await signInAs(page, as);
        const findings: string[] = [];
        for (const entry of pages) {
          await openAuditedPage(page, entry, browser);
          for (const finding of await overflowFindings(page)) findings.push(`${entry.name}: ${finding}`);
          for (const id of await internalIdsOnScreen(page))
            findings.push(`${entry.name}: shows the id ${id}`);
          for (const problem of await placeDisagreements(page)) findings.push(`${entry.name}: ${problem}`);
        }
        expect(findings).toEqual([]);
      });
    }
  });
}
