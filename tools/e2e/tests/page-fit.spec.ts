import { PAGES } from './audited-pages';
import { expect, test } from './fixtures';
import {
  AUDIT_SIZES,
  auditGroups,
  internalIdsOnScreen,
  openAuditedPage,
  overflowFindings,
  personOf,
  placeDisagreements,
  resizedTo,
} from './page-audit';
import { closeOpenedContexts, DANA, pageOf } from './shell-session';

/*
 * Every audited page at three sizes: nothing clipped or overflowing (tables scroll inside their own
 * box, never the page), no internal id (a UUID, `#f459cae7`) in the visible text, and a header and
 * tab title that say what the breadcrumb says. A page is opened once at the desktop size, then the
 * window is narrowed to the others, as a person resizing it (or turning a tablet) would.
 */
// Each journey reads its own pages: the two workers share them.
test.describe.configure({ mode: 'parallel' });
test.afterEach(closeOpenedContexts);

const SIZES = AUDIT_SIZES.map((size) => `${size.width}×${size.height}`).join(', ');

for (const [as, pages] of auditGroups(PAGES, 2)) {
  test.describe(() => {
    test.use({ as: personOf(as) });

    test(`${pages.map((entry) => entry.name).join(', ')}: at ${SIZES} nothing overflows, no ids, the header agrees`, async ({
      page,
      browser,
    }) => {
      const findings: string[] = [];
      for (const entry of pages) {
        await resizedTo(page, AUDIT_SIZES[0]);
        await openAuditedPage(page, entry, () => pageOf(browser, DANA));
        for (const size of AUDIT_SIZES) {
          await resizedTo(page, size);
          const where = `${entry.name} at ${size.width}×${size.height}`;
          for (const finding of await overflowFindings(page)) findings.push(`${where}: ${finding}`);
          for (const id of await internalIdsOnScreen(page)) findings.push(`${where}: shows the id ${id}`);
          for (const problem of await placeDisagreements(page)) findings.push(`${where}: ${problem}`);
        }
      }
      expect(findings).toEqual([]);
    });
  });
}
