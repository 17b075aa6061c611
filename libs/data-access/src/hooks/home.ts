import { fetchDueList, fetchHomeTile, fetchRecentlyViewed, recordCrmView } from '@tessera/data-access/client';
import type { RecentlyViewedCrmEntity } from '@tessera/data-access/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentInstitutionId } from './current-institution';
import { scopeKey } from './query-keys';

/** The home's queries: each tile, the due list and recently viewed load (and fail) on their own. */
export const homeKeys = {
  tile: (institutionId: string | null, moduleId: string, tileId: string) =>
    [scopeKey(institutionId), 'home', 'tile', moduleId, tileId] as const,
  due: (institutionId: string | null) => [scopeKey(institutionId), 'home', 'due'] as const,
  recentlyViewed: (institutionId: string | null) =>
    [scopeKey(institutionId), 'home', 'recently-viewed'] as const,
};

export function homeTileQueryOptions(institutionId: string | null, moduleId: string, tileId: string) {
  return queryOptions({
    queryKey: homeKeys.tile(institutionId, moduleId, tileId),
    queryFn: ({ signal }) => fetchHomeTile(institutionId as string, moduleId, tileId, signal),
    enabled: Boolean(institutionId),
    staleTime: 30_000,
    // A failing tile says so at once rather than retrying while the others are long shown.
    retry: 1,
  });
}

export function useHomeTile(moduleId: string, tileId: string) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(homeTileQueryOptions(institutionId, moduleId, tileId));
}

export function dueListQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: homeKeys.due(institutionId),
    queryFn: ({ signal }) => fetchDueList(institutionId as string, signal),
    enabled: Boolean(institutionId),
    staleTime: 30_000,
    retry: 1,
  });
}

export function useDueList() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(dueListQueryOptions(institutionId));
}

export function recentlyViewedQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: homeKeys.recentlyViewed(institutionId),
    queryFn: ({ signal }) => fetchRecentlyViewed(institutionId as string, signal),
    enabled: Boolean(institutionId),
    staleTime: 0,
    retry: 1,
  });
}

export function useRecentlyViewed() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(recentlyViewedQueryOptions(institutionId));
}

/**
 * Counts the page of a CRM deal or company as viewed, once per opening. Best effort: a view that
 * could not be noted must not disturb the page it is about.
 */
export function useCrmPageView(entity: RecentlyViewedCrmEntity, id: string): void {
  const institutionId = useCurrentInstitutionId();
  useEffect(() => {
    if (!institutionId || !id) return;
    recordCrmView(institutionId, { entity, id }).catch(() => undefined);
  }, [institutionId, entity, id]);
}
