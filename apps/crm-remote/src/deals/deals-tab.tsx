import type { CrmTabProps } from '../shared/crm-tab-props';
import { DealDetail } from './deal-detail';
import { DealsList } from './deals-list';

/** docs/product/crm.md#tabs: the deal detail when a deal is selected, otherwise the deals list. */
export function DealsTab({ filters, selectedDealId, onSelectDeal }: CrmTabProps) {
  if (selectedDealId) return <DealDetail dealId={selectedDealId} onBack={() => onSelectDeal(null)} />;
  return <DealsList filters={filters} onSelectDeal={onSelectDeal} />;
}
