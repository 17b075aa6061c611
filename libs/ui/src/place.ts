/* The words for where a person is, from a breadcrumb trail: pure, so tests outside the browser use it too. */

export const PRODUCT_NAME = 'Tessera';

/** Where a person is, as the header and the browser tab say it. */
export interface Place {
  /** Module, then page: `['Healthcare', 'Patients']`; `['Dashboard']` on the home page. */
  heading: string[];
  /** `Patients · Healthcare · Tessera`. */
  documentTitle: string;
}

/** A crumb as the place reads it (a breadcrumb's links do not matter here). */
export interface PlaceCrumb {
  label: string;
  to?: string;
}

/**
 * The place a breadcrumb trail names: its module (the crumb after Dashboard) and its page (the last
 * crumb), so the header and the tab agree with the breadcrumb by construction.
 */
export function placeOf(crumbs: readonly PlaceCrumb[] | null | undefined): Place {
  const labels = (crumbs ?? []).map((crumb) => crumb.label);
  const trail = labels.length > 1 && labels[0] === 'Dashboard' ? labels.slice(1) : labels;
  const heading =
    trail.length === 0
      ? ['Dashboard']
      : trail.length === 1
        ? [trail[0] as string]
        : [trail[0] as string, trail[trail.length - 1] as string];
  return { heading, documentTitle: [...heading].reverse().concat(PRODUCT_NAME).join(' · ') };
}
