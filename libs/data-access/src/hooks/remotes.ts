import { fetchRemoteRegistry } from '@tessera/data-access/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { useCurrentInstitutionId } from './current-institution';

export function remotesQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: queryKeys.remotes(institutionId),
    queryFn: ({ signal }) => fetchRemoteRegistry(institutionId as string, signal),
    enabled: Boolean(institutionId),
    staleTime: 60_000,
    retry: 1,
  });
}

export function useRemoteRegistry() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(remotesQueryOptions(institutionId));
}
