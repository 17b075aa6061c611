import type { CrmTabProps } from '../shared/crm-tab-props';
import { DealsPipeline } from './deals-pipeline';

/** Spec §2.3: selecting a deal on the Pipeline tab sets the page's selected deal. */
export function PipelineTab({ filters, onSelectDeal }: CrmTabProps) {
  return <DealsPipeline filters={filters} onSelectDeal={onSelectDeal} />;
}
