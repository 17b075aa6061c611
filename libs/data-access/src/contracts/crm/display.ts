/** Display rules of the CRM screens (docs/product/deals.md#display-rules, docs/product/pipeline.md#deal-card). */

export type ProbabilityColour = 'green' | 'yellow' | 'orange' | 'red' | 'grey';

/** 80+ green, 60+ yellow, 40+ orange, below 40 red, none grey. */
export function probabilityColour(probability: number | null | undefined): ProbabilityColour {
  if (probability === null || probability === undefined || Number.isNaN(probability)) return 'grey';
  if (probability >= 80) return 'green';
  if (probability >= 60) return 'yellow';
  if (probability >= 40) return 'orange';
  return 'red';
}

export const SHORT_ID_LENGTH = 8;

export const shortId = (id: string | null | undefined): string => (id ?? '').slice(0, SHORT_ID_LENGTH);

/** Lead sources are stored with underscores; cards show spaces (docs/product/pipeline.md#deal-card). */
export const sourceLabel = (source: string | null | undefined): string => (source ?? '').replaceAll('_', ' ');

/** Leads-per-week chart window (docs/product/analytics.md#charts). */
export const LEADS_PER_WEEK_WINDOW_DAYS = 56;
