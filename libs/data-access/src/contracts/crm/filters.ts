/**
 * The Enhanced CRM filter panel's words (docs/product/crm.md#filters) and what they mean on stored rows: the API turns
 * them into SQL, the screens into in-memory matches, both from these maps.
 */
import type { DealStage, FilterSegment, FilterSource, LeadStage } from './enums';
import type { ScoreBand } from './lead-score';

/** A lead stage seen on a deal's pipeline: won/lost close it, new/contacted are prospecting. */
export const LEAD_STAGE_DEAL_STAGES: Record<LeadStage, readonly DealStage[]> = {
  new: ['prospecting'],
  contacted: ['prospecting'],
  qualified: ['qualification'],
  proposal: ['proposal'],
  negotiation: ['negotiation'],
  won: ['closed_won'],
  lost: ['closed_lost'],
};

/**
 * Segments by score on the CRM page (deals: win probability; leads and contacts: their score):
 * hot 80+, warm 60–79, cold below 60 (the rating bands of docs/product/lead-scoring.md#rating-labels). Inclusive ranges, for queries.
 */
export const FILTER_SEGMENT_SCORE_RANGES: Record<FilterSegment, readonly [min: number, max: number]> = {
  hot: [80, 100],
  warm: [60, 79],
  cold: [0, 59],
};

export function segmentOfScore(score: number): FilterSegment {
  if (score >= FILTER_SEGMENT_SCORE_RANGES.hot[0]) return 'hot';
  if (score >= FILTER_SEGMENT_SCORE_RANGES.warm[0]) return 'warm';
  return 'cold';
}

/** On the Smart Leads page the segments are its score bands: hot high, warm medium, cold low. */
export const SEGMENT_BAND: Record<FilterSegment, ScoreBand> = { hot: 'high', warm: 'medium', cold: 'low' };

/**
 * The filter panel speaks the filter words of docs/product/crm.md#filters (social, email, cold_call); stored lead sources use
 * the capture form's (social_media, email_campaign …). Each filter word and the lead sources it covers.
 */
export const FILTER_SOURCE_LEAD_SOURCES: Record<FilterSource, readonly string[]> = {
  website: ['website', 'google_search', 'web_form'],
  referral: ['referral'],
  social: ['social_media'],
  cold_call: [],
  email: ['email_campaign'],
};

/** The filter word a stored source falls under: itself when it is one, else the word covering it. */
export function filterSourceOf(source: string | null | undefined): FilterSource | null {
  if (!source) return null;
  for (const [filter, sources] of Object.entries(FILTER_SOURCE_LEAD_SOURCES) as [
    FilterSource,
    readonly string[],
  ][]) {
    if (filter === source || sources.includes(source)) return filter;
  }
  return null;
}
