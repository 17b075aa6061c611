import {
  type ForecastCategoryFigures,
  type ForecastDeal,
  monthOf,
  shiftMonth,
  toCents,
} from '@tessera/data-access/contracts';

/** What the grid's cells show: the weighted open forecast, or one category's amount. */
export const FORECAST_FIGURES = ['weighted', 'commit', 'best_case', 'pipeline', 'closed'] as const;
export type ForecastFigure = (typeof FORECAST_FIGURES)[number];

export const FORECAST_FIGURE_LABELS: Record<ForecastFigure, string> = {
  weighted: 'Weighted (open deals)',
  commit: 'Commit',
  best_case: 'Best case',
  pipeline: 'Pipeline',
  closed: 'Closed',
};

/**
 * A cell's value: the weighted amount of the open categories (what the pipeline is worth at its
 * stages' odds), or the full amount of one category. Added in cents.
 */
export function cellAmount(categories: ForecastCategoryFigures, figure: ForecastFigure): number {
  if (figure !== 'weighted') return categories[figure].amount;
  const cents =
    toCents(categories.pipeline.weighted) +
    toCents(categories.best_case.weighted) +
    toCents(categories.commit.weighted);
  return cents / 100;
}

/** The range the page opens with: this month and the two after it. */
export function defaultForecastRange(now: Date): { from: string; to: string } {
  const from = monthOf(now);
  return { from, to: shiftMonth(from, 2) };
}

/** `Nov 2026`. */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 1, 1)).toLocaleString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The deal's owner or a CRM admin sets an open deal's category; a won deal's is closed for good. */
export function canSetForecastCategory(
  deal: Pick<ForecastDeal, 'owner_id' | 'category'>,
  userId: string | null,
  isCrmAdmin: boolean,
): boolean {
  if (deal.category === 'closed') return false;
  return isCrmAdmin || (userId !== null && deal.owner_id === userId);
}
