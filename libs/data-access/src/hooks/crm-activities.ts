import { completeActivity, createActivity, fetchActivities } from '@tessera/data-access/client';
import type { ActivityListFilters, CreateActivityInput } from '@tessera/data-access/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { crmScopeKey } from './crm-deals';

export const activityKeys = {
  all: (institutionId: string | null) => [crmScopeKey(institutionId), 'crm', 'activities'] as const,
  list: (institutionId: string | null, filters: ActivityListFilters) =>
    [crmScopeKey(institutionId), 'crm', 'activities', 'list', filters] as const,
};

export function activitiesQueryOptions(institutionId: string | null, filters: ActivityListFilters = {}) {
  return queryOptions({
    queryKey: activityKeys.list(institutionId, filters),
    queryFn: ({ signal }) => fetchActivities(institutionId, filters, signal),
    staleTime: 15_000,
  });
}

export function useActivities(institutionId: string | null, filters: ActivityListFilters = {}) {
  return useQuery(activitiesQueryOptions(institutionId, filters));
}

export function useCreateActivity(institutionId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateActivityInput) => createActivity(institutionId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: activityKeys.all(institutionId) }),
  });
}

export function useCompleteActivity(institutionId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => completeActivity(institutionId, id),
    onSuccess: () => client.invalidateQueries({ queryKey: activityKeys.all(institutionId) }),
  });
}
