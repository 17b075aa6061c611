import { fetchMeAccess } from '@tessera/data-access/client';
import { ApiError } from '@tessera/data-access/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { useCurrentInstitutionId } from './current-institution';

/** docs/product/access.md#the-access-control-response-me-access: fresh for 5 minutes, 2 retries, no refetch on window focus, never throws. */
export const ACCESS_STALE_TIME = 300_000;
export const ACCESS_RETRIES = 2;

/**
 * Up to 2 retries (docs/product/access.md#the-access-control-response-me-access) for failures that may pass — a network error, a 5xx — but none for a
 * refusal that a retry cannot change (not a member, a suspended institution), so the fallback shows
 * at once instead of after the retries' back-off.
 */
export function retryAccessFetch(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < ACCESS_RETRIES;
}

export function meAccessQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: queryKeys.meAccess(institutionId),
    queryFn: ({ signal }) => fetchMeAccess(institutionId as string, signal),
    enabled: Boolean(institutionId),
    retry: retryAccessFetch,
    staleTime: ACCESS_STALE_TIME,
    refetchOnWindowFocus: false,
    throwOnError: false,
  });
}

export function useMeAccessQuery() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(meAccessQueryOptions(institutionId));
}
