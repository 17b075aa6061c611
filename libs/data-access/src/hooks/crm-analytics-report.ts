import { type CrmReportFilters, fetchCrmInsights, fetchCrmReport } from '@tessera/data-access/client';
import type { AnalyticsPeriod } from '@tessera/data-access/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { crmScopeKey } from './crm-deals';

export const crmReportKeys = {
  report: (institutionId: string | null, period: AnalyticsPeriod, filters: CrmReportFilters = {}) =>
    [crmScopeKey(institutionId), 'crm', 'report', period, filters] as const,
  insights: (institutionId: string | null, staleDays: number) =>
    [crmScopeKey(institutionId), 'crm', 'insights', staleDays] as const,
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

/** CRM Analytics for a period (spec §2.7): tiles, trends, pipeline, performance, forecast. */
export function useCrmReport(
  institutionId: string | null,
  period: AnalyticsPeriod,
  filters: CrmReportFilters = {},
) {
  return useQuery(crmReportQueryOptions(institutionId, period, filters));
}

export function useCrmInsights(institutionId: string | null, staleDays: number) {
  return useQuery({
    queryKey: crmReportKeys.insights(institutionId, staleDays),
    queryFn: ({ signal }) => fetchCrmInsights(institutionId, staleDays, signal),
    staleTime: 30_000,
  });
}
