import type {
  AnalyticsPeriod,
  CrmInsights,
  CrmReport,
  CrmReportFilters,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

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
