import { apiFetch } from '@tessera/data-access/client';
import type { RemoteRegistry } from '@tessera/data-access/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { useCurrentInstitutionId } from './current-institution';

/** Where each remote's manifest is, for the selected institution (ARCHITECTURE: no URL in the shell). */
export function fetchRemoteRegistry(institutionId: string, signal?: AbortSignal): Promise<RemoteRegistry> {
  return apiFetch<RemoteRegistry>('/api/remotes', { institutionId, signal });
}

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
