import { fetchCrmAnalyticsFigures, fetchCrmCharts } from '@tessera/data-access/client';
import type { AnalyticsPeriod } from '@tessera/data-access/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { scopeKey } from './query-keys';
import { useCurrentInstitutionId } from './current-institution';

export const crmChartKeys = {
  charts: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'charts'] as const,
  figures: (institutionId: string | null, range: object) =>
    [scopeKey(institutionId), 'crm', 'charts', 'figures', range] as const,
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

export function useCrmCharts() {
  const institutionId = useCurrentInstitutionId();
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

export function useCrmFigures(range: { start: string; end: string } | { period: AnalyticsPeriod }) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(crmFiguresQueryOptions(institutionId, range));
}
