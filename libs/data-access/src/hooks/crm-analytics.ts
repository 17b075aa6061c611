import { fetchCrmAnalytics } from '@tessera/data-access/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { useCurrentInstitutionId } from './current-institution';

export function crmAnalyticsQueryOptions(
  institutionId: string | null,
  start: string,
  end: string,
  enabled = true,
) {
  return queryOptions({
    queryKey: queryKeys.crmAnalytics(institutionId, start, end),
    queryFn: ({ signal }) => fetchCrmAnalytics(institutionId as string, start, end, signal),
    enabled: enabled && Boolean(institutionId),
    // The dashboard hides its KPI block when the call fails: no retries, no thrown errors.
    retry: false,
    throwOnError: false,
    staleTime: 60_000,
  });
}

export function useCrmAnalytics(start: string, end: string, enabled = true) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(crmAnalyticsQueryOptions(institutionId, start, end, enabled));
}
