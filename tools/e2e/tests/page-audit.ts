import { expect, type Page } from '@playwright/test';
import { placeOf } from '../../../libs/ui/src/place';
import type { A11yPage } from './audited-pages';
import { DANA, type Person, SUPER_ADMIN, signIn } from './shell-session';

/** The three sizes every audited page is looked at: desktop, a small laptop or tablet, a phone. */
export const AUDIT_SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
  { width: 375, height: 812 },
] as const;

/** Signs in through the form as the person the audited pages of a group need (nobody for the signed-out pages). */
export async function signInAs(page: Page, as: A11yPage['as']): Promise<void> {
  if (as === 'signed-out') return;
  await signIn(page, as === 'super-admin' ? SUPER_ADMIN : undefined);
}

/** Whose saved session a journey over a group's pages starts with (null: signed out). */
export function personOf(as: A11yPage['as']): Person | null {
  if (as === 'signed-out') return null;
  return as === 'super-admin' ? SUPER_ADMIN : DANA;
}

/**
 * The audited pages in groups of one person and a few pages, so that a journey over them stays
 * short: `[person, pages]`.
 */
export function auditGroups(pages: readonly A11yPage[], size = 8): Array<[A11yPage['as'], A11yPage[]]> {
  const groups: Array<[A11yPage['as'], A11yPage[]]> = [];
  for (const as of ['signed-out', 'super-admin', 'dana'] as const) {
    const own = pages.filter((entry) => (entry.as ?? 'dana') === as);
    for (let start = 0; start < own.length; start += size) groups.push([as, own.slice(start, start + size)]);
  }
  return groups;
}

/** Waits until the screen has drawn its data: a heading, and no loading spinner left. */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
}

/**
 * Opens an audited page, waits until it has settled, runs its setup; answers the path it opened.
 * A signed-out page found by a signed-in step (an invitation link) is looked up on `danaPage`.
 */
export async function openAuditedPage(
  page: Page,
  entry: A11yPage,
  danaPage: () => Promise<Page>,
): Promise<string> {
  let path: string;
  if (typeof entry.path === 'string') path = entry.path;
  else path = await entry.path(entry.as === 'signed-out' ? await danaPage() : page);
  await page.goto(path);
  await settled(page);
  if (entry.setup) {
    await entry.setup(page);
    await settled(page);
  }
  return path;
}

/** The window at another size, once the page has laid itself out again. */
export async function resizedTo(page: Page, size: { width: number; height: number }): Promise<void> {
  const current = page.viewportSize();
  if (current?.width === size.width && current.height === size.height) return;
  await page.setViewportSize(size);
  // Two frames: the resize has been handled (media queries, resize listeners) and painted.
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * What is clipped or overflows on the page now: the page itself scrolling sideways; a card, toolbar,
 * cell or heading whose content is wider than its box (scrollWidth > clientWidth) while it does not
 * scroll itself; a control that the viewport cuts (partly outside it) and no scrolling box holds.
 */
export async function overflowFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const findings: string[] = [];
    const named = (element: Element) => {
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} “${text}”`;
    };
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      findings.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    }
    const scrolls = (element: Element) => {
      const overflow = getComputedStyle(element).overflowX;
      return overflow === 'auto' || overflow === 'scroll';
    };
    const insideScroller = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (scrolls(parent)) return true;
      }
      return false;
    };
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    const boxes = document.querySelectorAll(
      'main section, main article, main [role="toolbar"], main nav, main td, main th, main h2, main h3, main form, main li, header, header h1',
    );
    for (const element of boxes) {
      if (!visible(element) || scrolls(element)) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        findings.push(
          `${named(element)} overflows its box (${element.scrollWidth} > ${element.clientWidth})`,
        );
      }
    }
    const containers = 'section, article, li, td, th, form, header, [role="toolbar"], [role="group"]';
    for (const control of document.querySelectorAll(
      'button, a[href], input, select, textarea, [role="tab"]',
    )) {
      if (!visible(control) || insideScroller(control)) continue;
      const box = control.getBoundingClientRect();
      if (box.left < -1 || box.right > width + 1) {
        findings.push(
          `${named(control)} is cut by the viewport (${Math.round(box.left)}–${Math.round(box.right)})`,
        );
        continue;
      }
      // Sticking out of its card or row on either side (an overflow to the left never scrolls).
      const holder = control.parentElement?.closest(containers);
      if (!holder || scrolls(holder)) continue;
      const outer = holder.getBoundingClientRect();
      if (box.left < outer.left - 1 || box.right > outer.right + 1) {
        findings.push(`${named(control)} sticks out of ${named(holder)}`);
      }
    }
    // A table scrolls in its box, but its row actions are never half cut by that box's edge.
    for (const action of document.querySelectorAll(
      'table tr > td:last-child button, table tr > td:last-child a[href]',
    )) {
      const scroller = action.closest('table')?.parentElement;
      if (!visible(action) || !scroller || !scrolls(scroller)) continue;
      const box = action.getBoundingClientRect();
      const edge = scroller.getBoundingClientRect();
      if (box.left < edge.right - 1 && box.right > edge.right + 1) {
        findings.push(`${named(action)} is cut by its table's edge`);
      }
    }
    return [...new Set(findings)];
  });
}

/** Internal ids in the visible text: a UUID, or `#` and a run of hex digits with a letter in it. */
export async function internalIdsOnScreen(page: Page): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: only the text a person sees counts (textContent reads hidden nodes too)
  const text = await page.locator('body').innerText();
  const uuid = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
  const hashHex = /#(?=[0-9a-f]*[a-f])[0-9a-f]{6,}\b/gi;
  return [...new Set([...(text.match(uuid) ?? []), ...(text.match(hashHex) ?? [])])];
}

/**
 * Where the header and the tab disagree with the breadcrumb: the header must name the module, then
 * the page, of the deepest trail on screen, and the tab the same, page first (placeOf).
 */
export async function placeDisagreements(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const trails = [...document.querySelectorAll('nav[aria-label="Breadcrumb"]')].map((nav) =>
      [...nav.querySelectorAll('li')].map((item) => (item.textContent ?? '').trim()),
    );
    const deepest = trails.reduce<string[]>(
      (best, trail) => (trail.length >= best.length ? trail : best),
      [],
    );
    const heading = document.querySelector('header h1');
    return {
      crumbs: deepest,
      heading: heading ? (heading.textContent ?? '').replace(/\s+/g, ' ').trim() : null,
      title: document.title,
    };
  });
  if (shown.heading === null) return [];
  const place = placeOf(shown.crumbs.map((label) => ({ label })));
  const problems: string[] = [];
  const expected = place.heading.join(' › ');
  if (shown.heading !== expected)
    problems.push(`the header says “${shown.heading}”, the breadcrumb “${expected}”`);
  if (shown.title !== place.documentTitle) {
    problems.push(`the tab says “${shown.title}”, the breadcrumb “${place.documentTitle}”`);
  }
  return problems;
}
