import type { ComponentType } from 'react';
import { AiInsightsTab as AiInsightsTabComponent } from '../ai-insights/ai-insights-tab';
import { AnalyticsTab as AnalyticsTabComponent } from '../analytics/analytics-tab';
import { CrmAutomationTab } from '../automation/crm-automation-tab';
import { ContactsTab as ContactsTabComponent } from '../contacts/contacts-tab';
import { DealsTab as DealsTabComponent } from '../deals/deals-tab';
import { SmartLeadsTab as SmartLeadsTabComponent } from '../leads/smart-leads-tab';
import { OverviewTab as OverviewTabComponent } from '../overview/overview-tab';
import { PipelineTab as PipelineTabComponent } from '../pipeline/pipeline-tab';
import type { CrmTabProps } from '../shared/crm-tab-props';

/**
 * The eight tabs of the Enhanced CRM page (docs/product/crm.md#tabs), in order: id (kept in the URL as
 * `?tab=`), label, and the component rendered with the page's filters and deal selection.
 * Each tab's owner imports its component here and puts it in its slot; a slot left `null`
 * renders an empty state naming the tab.
 */
export interface CrmTab {
  id: string;
  label: string;
  Component: ComponentType<CrmTabProps> | null;
}

// Slots of the lead side (apps/crm-remote/src/{leads,automation,ai-insights,analytics}).
const SmartLeadsTab: CrmTab['Component'] = SmartLeadsTabComponent;
const AutomationTab: CrmTab['Component'] = CrmAutomationTab;
const AiInsightsTab: CrmTab['Component'] = AiInsightsTabComponent;
const AnalyticsTab: CrmTab['Component'] = AnalyticsTabComponent;

// Slots of the deal/contact side (apps/crm-remote/src/{overview,contacts,deals,pipeline}).
const OverviewTab: CrmTab['Component'] = OverviewTabComponent;
const ContactsTab: CrmTab['Component'] = ContactsTabComponent;
const DealsTab: CrmTab['Component'] = DealsTabComponent;
const PipelineTab: CrmTab['Component'] = PipelineTabComponent;

export const CRM_TABS: readonly CrmTab[] = [
  { id: 'overview', label: 'Overview', Component: OverviewTab },
  { id: 'contacts', label: 'Contacts', Component: ContactsTab },
  { id: 'smart-leads', label: 'Smart Leads', Component: SmartLeadsTab },
  { id: 'deals', label: 'Deals', Component: DealsTab },
  { id: 'pipeline', label: 'Pipeline', Component: PipelineTab },
  { id: 'automation', label: 'Automation', Component: AutomationTab },
  { id: 'ai-insights', label: 'AI Insights', Component: AiInsightsTab },
  { id: 'analytics', label: 'Analytics', Component: AnalyticsTab },
];

export const DEFAULT_CRM_TAB = 'overview';
