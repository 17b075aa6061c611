import type { FilterSegment, FilterSource, LeadStage } from '@tessera/data-access/contracts';

/** The left filter panel's choices (docs/product/crm.md#filters); null means "any". */
export interface CrmFilters {
  segment: FilterSegment | null;
  source: FilterSource | null;
  stage: LeadStage | null;
}

/** What every tab of the Enhanced CRM page receives. */
export interface CrmTabProps {
  /** The active filters of the left panel: a tab narrows what it shows by them. */
  filters: CrmFilters;
  /** The deal selected on the page (Pipeline sets it, Deals shows its detail). */
  selectedDealId: string | null;
  /** Selects a deal (or clears the selection with null). */
  onSelectDeal: (dealId: string | null) => void;
}
