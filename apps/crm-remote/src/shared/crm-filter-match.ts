import {
  type Contact,
  contactScore,
  type Deal,
  type DealStage,
  type FilterSegment,
  type FilterSource,
  type LeadStage,
} from '@tessera/data-access/contracts';

export interface CrmFilterValues {
  segment: FilterSegment | null;
  source: FilterSource | null;
  stage: LeadStage | null;
}

/**
 * The filter panel speaks the filter words of docs/product/crm.md#filters (social, email, cold_call); stored lead sources use
 * the capture form's (social_media, email_campaign …). Both map to one filter word.
 */
const SOURCE_TO_FILTER: Record<string, FilterSource> = {
  website: 'website',
  google_search: 'website',
  referral: 'referral',
  social: 'social',
  social_media: 'social',
  email: 'email',
  email_campaign: 'email',
  cold_call: 'cold_call',
};

export function filterSourceOf(source: string | null | undefined): FilterSource | null {
  return source ? (SOURCE_TO_FILTER[source] ?? null) : null;
}

/** A lead stage seen on a deal's pipeline: won/lost close it, new/contacted are prospecting. */
export const LEAD_STAGE_TO_DEAL_STAGES: Record<LeadStage, readonly DealStage[]> = {
  new: ['prospecting'],
  contacted: ['prospecting'],
  qualified: ['qualification'],
  proposal: ['proposal'],
  negotiation: ['negotiation'],
  won: ['closed_won'],
  lost: ['closed_lost'],
};

/** Segments by score: hot 80+, warm 60–79, cold below 60 (the rating bands of docs/product/lead-scoring.md#rating-labels). */
export function segmentOfScore(score: number): FilterSegment {
  if (score >= 80) return 'hot';
  if (score >= 60) return 'warm';
  return 'cold';
}

/** A deal's segment follows its win probability (no probability counts as cold). */
export function dealMatchesFilters(
  deal: Pick<Deal, 'stage' | 'lead_source' | 'probability'>,
  filters: CrmFilterValues,
): boolean {
  if (filters.source && filterSourceOf(deal.lead_source) !== filters.source) return false;
  if (filters.stage && !LEAD_STAGE_TO_DEAL_STAGES[filters.stage].includes(deal.stage ?? 'prospecting'))
    return false;
  if (filters.segment && segmentOfScore(deal.probability ?? 0) !== filters.segment) return false;
  return true;
}

/** The contact score (docs/product/lead-scoring.md#contact-score) (its stored lead_score_N tag wins when higher). */
export function contactScoreOf(contact: Pick<Contact, 'tags' | 'email' | 'phone' | 'company'>): number {
  return contactScore(contact);
}

/** A contact's stage is its status when that is a lead stage (set by pipeline moves). */
export function contactMatchesFilters(contact: Contact, filters: CrmFilterValues): boolean {
  if (filters.source && filterSourceOf(contact.lead_source) !== filters.source) return false;
  if (filters.stage && contact.status !== filters.stage) return false;
  if (filters.segment && segmentOfScore(contactScoreOf(contact)) !== filters.segment) return false;
  return true;
}

/** docs/product/contacts.md#contact-search: case-insensitive over first name, last name, email, company or phone. */
export function contactMatchesSearch(
  contact: Pick<Contact, 'first_name' | 'last_name' | 'email' | 'company' | 'phone'>,
  text: string,
): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [contact.first_name, contact.last_name, contact.email, contact.company, contact.phone].some(
    (value) => (value ?? '').toLowerCase().includes(needle),
  );
}

export const activeFilterCount = (filters: CrmFilterValues): number =>
  [filters.segment, filters.source, filters.stage].filter(Boolean).length;
