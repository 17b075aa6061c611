import type {
  AnalyticsPeriod,
  CrmReport,
  FilterSegment,
  FilterSource,
  LeadStage,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

export type CrmInsightKind = 'stalled_deal' | 'uncontacted_lead' | 'overdue_deal';

/** GET /api/crm-insights/insights: rules over the data, each pointing at its record. */
export interface CrmInsights {
  generated_at: string;
  stale_days: number;
  counts: Record<CrmInsightKind, number>;
  insights: Array<{
    id: string;
    kind: CrmInsightKind;
    severity: 'high' | 'medium';
    title: string;
    detail: string;
    record: { type: 'deal' | 'lead'; id: string; name: string };
    days: number;
    amount: number | null;
  }>;
}

/** The Enhanced CRM page's filters; the report narrows deals and leads by them. */
export interface CrmReportFilters {
  segment?: FilterSegment;
  source?: FilterSource;
  stage?: LeadStage;
}

export function fetchCrmReport(
  institutionId: string | null,
  period: AnalyticsPeriod,
  filters: CrmReportFilters = {},
  signal?: AbortSignal,
) {
  return apiFetch<CrmReport>('/api/crm-insights/analytics', {
    institutionId,
    query: { period, ...filters },
    signal,
  });
}

export function fetchCrmInsights(
  institutionId: string | null,
  staleDays: number,
  filters: CrmReportFilters = {},
  signal?: AbortSignal,
) {
  return apiFetch<CrmInsights>('/api/crm-insights/insights', {
    institutionId,
    query: { stale_days: staleDays, ...filters },
    signal,
  });
}
