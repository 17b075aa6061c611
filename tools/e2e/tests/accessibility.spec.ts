import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type A11yPage, PAGES } from './audited-pages';
import { expect, test } from './fixtures';
import { openAuditedPage, personOf } from './page-audit';
import { closeOpenedContexts, DANA, pageOf } from './shell-session';

/**
 * axe-core over every page of the shell, the CRM and a generated module: no violation of impact
 * serious or critical. To check a new screen, add one entry to PAGES (audited-pages.ts).
 *
 * One tab per person walks that person's pages and scans each, then reports every page's
 * violations together; a page that fails to load is reported beside the others instead of ending
 * the walk. The walks are cut into stretches of a few pages, so each journey stays short and the
 * two workers share them.
 */

const PAGES_PER_WALK = 3;

const WALKERS: Record<NonNullable<A11yPage['as']>, string> = {
  'signed-out': 'signed out',
  dana: 'as Dana',
  'super-admin': 'as the super admin',
};

// The browser lives as long as the worker: the extra contexts a walk opens are closed after it.
test.afterEach(closeOpenedContexts);

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

function readable(violations: Violation[]): string {
  return violations
    .map(
      (violation) =>
        `[${violation.impact}] ${violation.id}: ${violation.help}\n` +
        violation.nodes
          .map(
            (node) =>
              `    at ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n');
}

const blocking = (violations: Violation[]) =>
  violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');

// label-content-name-mismatch is one of axe's experimental rules, off unless asked for: a control's
// accessible name must contain its visible text. Only violations are read: asking for them alone
// spares axe collecting every passing node of a large page and sending it over to the test.
const AXE_OPTIONS = {
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations' as const],
};

/**
 * axe over one document, run where it is (axe's "legacy" mode). The default mode runs axe in every
 * frame and then opens a blank tab to merge their results, which tripled each scan's time; the
 * audited pages have no cross-origin frames, and their one kind of frame (the sandboxed preview) is
 * scanned on a page of its own below, so the rules and what they cover are the same.
 */
const axeOn = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true).options(AXE_OPTIONS);

/** The serious and critical violations of the page as it is now, framed previews included. */
async function scan(page: Page): Promise<Violation[]> {
  // The Outbox previews a message in a frame sandboxed without scripts; axe's run inside it sometimes
  // never answers. axe's `iframes: false` does not stop AxeBuilder from entering frames, excluding
  // them does. Such a frame's document is scanned below on a page of its own.
  const results = await axeOn(page).exclude('iframe[srcdoc]').analyze();
  const found = blocking(results.violations);
  for (const framed of await page.locator('iframe[srcdoc]').all()) {
    // Excluded above, so axe's frame-title rule did not see it: a frame needs a name all the same.
    if (!(await framed.getAttribute('title'))) {
      found.push({ id: 'frame-title', impact: 'serious', help: 'A framed preview has a title', nodes: [] });
    }
    const document = await framed.getAttribute('srcdoc');
    if (!document) continue;
    const framePage = await page.context().newPage();
    try {
      await framePage.setContent(document);
      found.push(...blocking((await axeOn(framePage).analyze()).violations));
    } finally {
      await framePage.close();
    }
  }
  return found;
}

const walks = (Object.keys(WALKERS) as Array<keyof typeof WALKERS>).flatMap((who) => {
  const pages = PAGES.filter((entry) => (entry.as ?? 'dana') === who);
  return Array.from({ length: Math.ceil(pages.length / PAGES_PER_WALK) }, (_, index) => ({
    who,
    pages: pages.slice(index * PAGES_PER_WALK, (index + 1) * PAGES_PER_WALK),
  }));
});

// A walk's bound is the old one-page journey's: a page's first load and a full axe scan on a machine
// shared with other work can take most of a minute.
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

for (const { who, pages } of walks) {
  test.describe(() => {
    test.use({ as: personOf(who) });

    test(`${WALKERS[who]}: ${pages.map((entry) => entry.name).join(', ')} have no serious or critical accessibility violation`, async ({
      page,
      browser,
    }) => {
      const reports: string[] = [];
      for (const entry of pages) {
        let path = typeof entry.path === 'string' ? entry.path : '(worked out by its setup)';
        try {
          path = await openAuditedPage(page, entry, () => pageOf(browser, DANA));
          const violations = await scan(page);
          if (violations.length > 0) reports.push(`${entry.name} (${path}):\n${readable(violations)}`);
        } catch (error) {
          reports.push(
            `${entry.name} (${path}) could not be scanned: ${(error as Error).message.split('\n')[0]}`,
          );
        }
      }
      expect(reports, reports.join('\n\n')).toEqual([]);
    });
  });
}
