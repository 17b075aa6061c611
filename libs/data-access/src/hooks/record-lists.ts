import {
  bulkDeleteRecords,
  bulkUpdateRecords,
  deleteListView,
  fetchSavedListViews,
  type RecordsRef,
  saveListView,
} from '@tessera/data-access/client';
import type {
  RecordBulkResult,
  RecordValues,
  SavedListView,
  SavedListViewBody,
} from '@tessera/data-access/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requireInstitution, useCurrentInstitutionId } from './current-institution';
import { scopeKey } from './query-keys';
import { invalidateAfterRecordWrite } from './records';

/** A person's saved views of one list, under the institution like every org-scoped key. */
export const savedViewKeys = {
  list: (institutionId: string | null, ref: RecordsRef) =>
    [scopeKey(institutionId), 'saved-views', ref.moduleId, ref.submoduleId] as const,
};

export function savedListViewsQueryOptions(institutionId: string | null, ref: RecordsRef) {
  return queryOptions({
    queryKey: savedViewKeys.list(institutionId, ref),
    queryFn: ({ signal }) => fetchSavedListViews(institutionId as string, ref, signal),
    enabled: Boolean(institutionId),
    staleTime: 60_000,
  });
}

export function useSavedListViews(ref: RecordsRef) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(savedListViewsQueryOptions(institutionId, ref));
}

function refreshViews(queryClient: QueryClient, institutionId: string | null, ref: RecordsRef) {
  return queryClient.invalidateQueries({ queryKey: savedViewKeys.list(institutionId, ref) });
}

export function useSaveListView(ref: RecordsRef) {
  const institutionId = useCurrentInstitutionId();
  const queryClient = useQueryClient();
  return useMutation<SavedListView, Error, SavedListViewBody>({
    mutationFn: (body) => saveListView(requireInstitution(institutionId), ref, body),
    onSettled: () => refreshViews(queryClient, institutionId, ref),
  });
}

export function useDeleteListView(ref: RecordsRef) {
  const institutionId = useCurrentInstitutionId();
  const queryClient = useQueryClient();
  return useMutation<void, Error, string>({
    mutationFn: (viewId) => deleteListView(requireInstitution(institutionId), ref, viewId),
    onSettled: () => refreshViews(queryClient, institutionId, ref),
  });
}

export interface BulkUpdate {
  ids: readonly string[];
  data: Partial<RecordValues>;
}

export function useBulkUpdateRecords(ref: RecordsRef) {
  const institutionId = useCurrentInstitutionId();
  const queryClient = useQueryClient();
  return useMutation<RecordBulkResult, Error, BulkUpdate>({
    mutationFn: ({ ids, data }) => bulkUpdateRecords(requireInstitution(institutionId), ref, ids, data),
    onSettled: async () => {
      if (institutionId) await invalidateAfterRecordWrite(queryClient, institutionId, ref);
    },
  });
}

export function useBulkDeleteRecords(ref: RecordsRef) {
  const institutionId = useCurrentInstitutionId();
  const queryClient = useQueryClient();
  return useMutation<RecordBulkResult, Error, readonly string[]>({
    mutationFn: (ids) => bulkDeleteRecords(requireInstitution(institutionId), ref, ids),
    onSettled: async () => {
      if (institutionId) await invalidateAfterRecordWrite(queryClient, institutionId, ref);
    },
  });
}
