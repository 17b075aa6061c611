import type { CrmTabProps } from '../shared/crm-tab-props';
import { LeadsNav } from './lead-routes';
import { SmartLeadsPage } from './smart-leads-page';

/** The Enhanced CRM page's Smart Leads tab: Advanced Lead Management (docs/product/leads.md#smart-leads) narrowed by the page's filters. */
export function SmartLeadsTab({ filters }: CrmTabProps) {
  return (
    <>
      <LeadsNav inCrmPage />
      <SmartLeadsPage filters={filters} />
    </>
  );
}
