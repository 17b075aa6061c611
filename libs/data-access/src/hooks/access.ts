import { apiFetch } from '@tessera/data-access/client';
import {
  ANON_API_KEY,
  ANON_API_KEY_HEADER,
  type AccessControlResponse,
} from '@tessera/data-access/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/** Spec §7/§9: fresh for 5 minutes, 2 retries, no refetch on window focus, never throws. */
export const ACCESS_STALE_TIME = 300_000;
export const ACCESS_RETRIES = 2;

export function fetchMeAccess(institutionId: string, signal?: AbortSignal): Promise<AccessControlResponse> {
  return apiFetch<AccessControlResponse>('/functions/v1/me-access', {
    institutionId,
    signal,
    // spec §7: credentials, a JSON content type and the anonymous API key header.
    headers: { 'Content-Type': 'application/json', [ANON_API_KEY_HEADER]: ANON_API_KEY },
  });
}

export function meAccessQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: queryKeys.meAccess(institutionId ?? 'none'),
    queryFn: ({ signal }) => fetchMeAccess(institutionId as string, signal),
    enabled: Boolean(institutionId),
    retry: ACCESS_RETRIES,
    staleTime: ACCESS_STALE_TIME,
    refetchOnWindowFocus: false,
    throwOnError: false,
  });
}

export function useMeAccessQuery(institutionId: string | null) {
  return useQuery(meAccessQueryOptions(institutionId));
}
