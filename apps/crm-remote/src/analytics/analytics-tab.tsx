import type { CrmTabProps } from '../shared/crm-tab-props';
import { CrmAnalytics } from './crm-analytics';

/** The Enhanced CRM page's Analytics tab, narrowed by the page's filters. */
export function AnalyticsTab({ filters }: CrmTabProps) {
  return <CrmAnalytics filters={filters} />;
}
