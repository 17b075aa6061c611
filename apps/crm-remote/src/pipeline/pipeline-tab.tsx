import type { CrmTabProps } from '../shared/crm-tab-props';
import { DealsPipeline } from './deals-pipeline';

/** docs/product/crm.md#tabs: selecting a deal on the Pipeline tab sets the page's selected deal. */
export function PipelineTab({ filters, onSelectDeal }: CrmTabProps) {
  return <DealsPipeline filters={filters} onSelectDeal={onSelectDeal} />;
}
