import type {
  CrmViewInput,
  DueList,
  HomeTileValue,
  RecentlyViewedRecord,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

/** The browser's time zone: the home counts "today" as the person lives it. */
function timeZoneQuery(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? `?tz=${encodeURIComponent(zone)}` : '';
}

export function fetchHomeTile(
  institutionId: string,
  moduleId: string,
  tileId: string,
  signal?: AbortSignal,
): Promise<HomeTileValue> {
  return apiFetch<HomeTileValue>(
    `/api/home/modules/${encodeURIComponent(moduleId)}/tiles/${encodeURIComponent(tileId)}${timeZoneQuery()}`,
    { institutionId, signal },
  );
}

export function fetchDueList(institutionId: string, signal?: AbortSignal): Promise<DueList> {
  return apiFetch<DueList>(`/api/home/due${timeZoneQuery()}`, { institutionId, signal });
}

export function fetchRecentlyViewed(
  institutionId: string,
  signal?: AbortSignal,
): Promise<RecentlyViewedRecord[]> {
  return apiFetch<RecentlyViewedRecord[]>('/api/home/recently-viewed', { institutionId, signal });
}

/** Tells the home that a CRM deal's or company's page was opened (204). */
export function recordCrmView(institutionId: string, input: CrmViewInput): Promise<void> {
  return apiFetch<void>('/api/home/recently-viewed', { method: 'POST', body: input, institutionId });
}
