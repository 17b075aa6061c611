/** Display rules of the CRM screens (spec §2.4, §9). */

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

/** Lead sources are stored with underscores; cards show spaces (spec §2.4). */
export const sourceLabel = (source: string | null | undefined): string => (source ?? '').replaceAll('_', ' ');

/** Leads-per-week chart window (spec §9). */
export const LEADS_PER_WEEK_WINDOW_DAYS = 56;
