import { fetchCrmAnalyticsFigures, fetchCrmCharts } from '@tessera/data-access/client';
import type { AnalyticsPeriod } from '@tessera/data-access/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { crmScopeKey } from './crm-deals';

export const crmChartKeys = {
  charts: (institutionId: string | null) => [crmScopeKey(institutionId), 'crm', 'charts'] as const,
  figures: (institutionId: string | null, range: object) =>
    [crmScopeKey(institutionId), 'crm', 'charts', 'figures', range] as const,
};

/** docs/product/analytics.md#charts: chart load errors are logged only, so these never throw into the screen. */
export function crmChartsQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: crmChartKeys.charts(institutionId),
    queryFn: ({ signal }) => fetchCrmCharts(institutionId, signal),
    staleTime: 60_000,
    retry: 1,
  });
}

export function useCrmCharts(institutionId: string | null) {
  return useQuery(crmChartsQueryOptions(institutionId));
}

export function crmFiguresQueryOptions(
  institutionId: string | null,
  range: { start: string; end: string } | { period: AnalyticsPeriod },
) {
  return queryOptions({
    queryKey: crmChartKeys.figures(institutionId, range),
    queryFn: ({ signal }) => fetchCrmAnalyticsFigures(institutionId, range, signal),
    staleTime: 60_000,
    retry: 1,
  });
}

export function useCrmFigures(
  institutionId: string | null,
  range: { start: string; end: string } | { period: AnalyticsPeriod },
) {
  return useQuery(crmFiguresQueryOptions(institutionId, range));
}
