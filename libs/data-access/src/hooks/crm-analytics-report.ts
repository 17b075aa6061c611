import { fetchCrmInsights, fetchCrmReport } from '@tessera/data-access/client';
import type { AnalyticsPeriod, CrmReportFilters } from '@tessera/data-access/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { scopeKey } from './query-keys';
import { useCurrentInstitutionId } from './current-institution';

export const crmReportKeys = {
  report: (institutionId: string | null, period: AnalyticsPeriod, filters: CrmReportFilters = {}) =>
    [scopeKey(institutionId), 'crm', 'report', period, filters] as const,
  insights: (institutionId: string | null, staleDays: number, filters: CrmReportFilters = {}) =>
    [scopeKey(institutionId), 'crm', 'insights', staleDays, filters] as const,
};

export function crmReportQueryOptions(
  institutionId: string | null,
  period: AnalyticsPeriod,
  filters: CrmReportFilters = {},
) {
  return queryOptions({
    queryKey: crmReportKeys.report(institutionId, period, filters),
    queryFn: ({ signal }) => fetchCrmReport(institutionId, period, filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** CRM Analytics for a period (docs/product/analytics.md#crm-analytics): tiles, trends, pipeline, performance, forecast. */
export function useCrmReport(period: AnalyticsPeriod, filters: CrmReportFilters = {}) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(crmReportQueryOptions(institutionId, period, filters));
}

/** AI Insights, narrowed by the page's filters like the report. */
export function crmInsightsQueryOptions(
  institutionId: string | null,
  staleDays: number,
  filters: CrmReportFilters = {},
) {
  return queryOptions({
    queryKey: crmReportKeys.insights(institutionId, staleDays, filters),
    queryFn: ({ signal }) => fetchCrmInsights(institutionId, staleDays, filters, signal),
    staleTime: 30_000,
  });
}

export function useCrmInsights(staleDays: number, filters: CrmReportFilters = {}) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(crmInsightsQueryOptions(institutionId, staleDays, filters));
}
