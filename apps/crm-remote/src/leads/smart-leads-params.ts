import {
  type ScoreBand,
  type Segment,
  type SmartLeadsParams,
  scoreBand,
} from '@tessera/data-access/contracts';
import type { CrmFilters } from '../shared/crm-tab-props';

/** The Smart Leads list shows at most 10 leads (docs/product/leads.md). */
export const SMART_LEADS_LIST_LIMIT = 10;

/** The Enhanced CRM page's filters as query parameters (null means any). */
export function filterParams(filters: CrmFilters | undefined): SmartLeadsParams {
  return {
    segment: filters?.segment ?? undefined,
    source: filters?.source ?? undefined,
    stage: filters?.stage ?? undefined,
  };
}

/**
 * Which score band a stored segment stands for (segments 1, 2, 3 are the high, medium and low
 * bands, docs/product/lead-scoring.md#local-smart-leads-score), read from its score criteria.
 */
export function segmentBand(segment: Pick<Segment, 'criteria'>): ScoreBand {
  return scoreBand(segment.criteria.min_score ?? 0);
}

export const ALL_LEADS = 'all';
