/** AI Insights of the Enhanced CRM page and the filters its reports take (docs/product/crm.md#filters, docs/product/leads.md#segments). */
import type { FilterSegment, FilterSource, LeadStage } from './enums';

/** The Enhanced CRM page's filters; the analytics report and the insights narrow deals and leads by them. */
export interface CrmReportFilters {
  segment?: FilterSegment;
  source?: FilterSource;
  stage?: LeadStage;
}

export type CrmInsightKind = 'stalled_deal' | 'uncontacted_lead' | 'overdue_deal';

/** Open deals untouched for this many days are stalled unless the request says otherwise. */
export const DEFAULT_STALE_DAYS = 14;

export interface CrmInsight {
  id: string;
  kind: CrmInsightKind;
  severity: 'high' | 'medium';
  title: string;
  detail: string;
  record: { type: 'deal' | 'lead'; id: string; name: string };
  /** Days stalled, days overdue, or days since the lead arrived. */
  days: number;
  amount: number | null;
}

/** GET /api/crm-insights/insights: rules over the data, each pointing at its record. */
export interface CrmInsights {
  generated_at: string;
  stale_days: number;
  counts: Record<CrmInsightKind, number>;
  insights: CrmInsight[];
}
