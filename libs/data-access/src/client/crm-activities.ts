import type { Activity, ActivityListFilters, CreateActivityInput } from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

/** Activities by scope, optionally of one contact or deal (docs/product/activities.md), newest first. */
export function fetchActivities(
  institutionId: string | null,
  filters: ActivityListFilters = {},
  signal?: AbortSignal,
): Promise<Activity[]> {
  return apiFetch<Activity[]>('/api/crm/activities', { institutionId, signal, query: { ...filters } });
}

export function createActivity(institutionId: string | null, input: CreateActivityInput): Promise<Activity> {
  return apiFetch<Activity>('/api/crm/activities', { method: 'POST', institutionId, body: input });
}

export function completeActivity(institutionId: string | null, id: string): Promise<Activity> {
  return apiFetch<Activity>(`/api/crm/activities/${encodeURIComponent(id)}/complete`, {
    method: 'PATCH',
    institutionId,
  });
}
