import { completeActivity, createActivity, fetchActivities } from '@tessera/data-access/client';
import type { ActivityListFilters, CreateActivityInput } from '@tessera/data-access/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scopeKey } from './query-keys';
import { useCurrentInstitutionId } from './current-institution';

export const activityKeys = {
  all: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'activities'] as const,
  list: (institutionId: string | null, filters: ActivityListFilters) =>
    [scopeKey(institutionId), 'crm', 'activities', 'list', filters] as const,
};

export function activitiesQueryOptions(institutionId: string | null, filters: ActivityListFilters = {}) {
  return queryOptions({
    queryKey: activityKeys.list(institutionId, filters),
    queryFn: ({ signal }) => fetchActivities(institutionId, filters, signal),
    staleTime: 15_000,
  });
}

export function useActivities(filters: ActivityListFilters = {}) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(activitiesQueryOptions(institutionId, filters));
}

export function useCreateActivity() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateActivityInput) => createActivity(institutionId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: activityKeys.all(institutionId) }),
  });
}

export function useCompleteActivity() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => completeActivity(institutionId, id),
    onSuccess: () => client.invalidateQueries({ queryKey: activityKeys.all(institutionId) }),
  });
}
