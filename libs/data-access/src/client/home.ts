import type { DueList, HomeTileValue, RecentlyViewedRecord } from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

export function fetchHomeTile(
  institutionId: string,
  moduleId: string,
  tileId: string,
  signal?: AbortSignal,
): Promise<HomeTileValue> {
  return apiFetch<HomeTileValue>(
    `/api/home/modules/${encodeURIComponent(moduleId)}/tiles/${encodeURIComponent(tileId)}`,
    { institutionId, signal },
  );
}

export function fetchDueList(institutionId: string, signal?: AbortSignal): Promise<DueList> {
  return apiFetch<DueList>('/api/home/due', { institutionId, signal });
}

export function fetchRecentlyViewed(
  institutionId: string,
  signal?: AbortSignal,
): Promise<RecentlyViewedRecord[]> {
  return apiFetch<RecentlyViewedRecord[]>('/api/home/recently-viewed', { institutionId, signal });
}
