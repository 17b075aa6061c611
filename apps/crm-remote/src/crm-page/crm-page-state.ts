import {
  FILTER_SEGMENTS,
  FILTER_SOURCES,
  type FilterSegment,
  type FilterSource,
  LEAD_STAGES,
  type LeadStage,
} from '@tessera/data-access/contracts';
import type { CrmFilters } from '../shared/crm-tab-props';

/** What the Enhanced CRM page keeps in its URL: the tab, the filters and the selected deal. */
export interface CrmPageState {
  tab: string;
  filters: CrmFilters;
  dealId: string | null;
}

const pick = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value && (values as readonly string[]).includes(value) ? (value as T) : null;

/** Reads the page state from the query string; unknown values fall back to defaults. */
export function readCrmPageState(
  params: URLSearchParams,
  tabIds: readonly string[],
  defaultTab: string,
): CrmPageState {
  const tab = params.get('tab');
  return {
    tab: tab && tabIds.includes(tab) ? tab : defaultTab,
    filters: {
      segment: pick<FilterSegment>(FILTER_SEGMENTS, params.get('segment')),
      source: pick<FilterSource>(FILTER_SOURCES, params.get('source')),
      stage: pick<LeadStage>(LEAD_STAGES, params.get('stage')),
    },
    dealId: params.get('deal') || null,
  };
}

/** Writes the page state back (defaults and empty values are left out). */
export function writeCrmPageState(state: CrmPageState, defaultTab: string): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== defaultTab) params.set('tab', state.tab);
  if (state.filters.segment) params.set('segment', state.filters.segment);
  if (state.filters.source) params.set('source', state.filters.source);
  if (state.filters.stage) params.set('stage', state.filters.stage);
  if (state.dealId) params.set('deal', state.dealId);
  return params;
}
