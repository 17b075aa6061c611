import { fetchFeatureFlags } from '@tessera/data-access/client';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { useCurrentInstitutionId } from './current-institution';

export function featureFlagsQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: queryKeys.featureFlags(institutionId),
    queryFn: ({ signal }) => fetchFeatureFlags(institutionId as string, signal),
    enabled: Boolean(institutionId),
    staleTime: 60_000,
    select: (response) => response.flags,
  });
}

export function useFeatureFlags() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(featureFlagsQueryOptions(institutionId));
}

/**
 * docs/product/access.md#feature-flags: forget the cached feature flags of one institution (or all of them). It must never
 * break the caller: a failure is a warning only.
 */
export function clearFeatureFlagCache(queryClient: QueryClient, institutionId?: string | null): void {
  try {
    if (institutionId) {
      queryClient.removeQueries({ queryKey: queryKeys.featureFlags(institutionId) });
    } else {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[1] === 'feature-flags' });
    }
  } catch (error) {
    console.warn('Failed to clear the feature-flag cache', error);
  }
}
