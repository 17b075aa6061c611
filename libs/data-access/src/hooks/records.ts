import {
  createRecord,
  deleteRecord,
  fetchActiveRecordImports,
  fetchModuleInsights,
  fetchRecord,
  fetchRelatedRecords,
  fetchRecordImport,
  fetchRecordPage,
  type RecordListParams,
  type RecordsRef,
  type RecordUpdate,
  startRecordImport,
  updateRecord,
} from '@tessera/data-access/client';
import {
  isJobSettled,
  jobPollInterval,
  type RecordImportStatus,
  type RecordItem,
  type RecordPage,
  type RecordValues,
} from '@tessera/data-access/contracts';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  type UseMutationOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { scopeKey } from './query-keys';
import { requireInstitution, useCurrentInstitutionId } from './current-institution';

/**
 * Query keys of the records engine. Like every org-scoped key they START with the institution id;
 * then `records`, the module and the submodule, so one prefix reaches everything of a submodule.
 * Insights live under `insights` + module: a change to any record of a module refreshes them.
 */
export const recordKeys = {
  all: (institutionId: string | null) => [scopeKey(institutionId), 'records'] as const,
  submodule: (institutionId: string | null, ref: RecordsRef) =>
    [scopeKey(institutionId), 'records', ref.moduleId, ref.submoduleId] as const,
  lists: (institutionId: string | null, ref: RecordsRef) =>
    [scopeKey(institutionId), 'records', ref.moduleId, ref.submoduleId, 'list'] as const,
  list: (institutionId: string | null, ref: RecordsRef, params: RecordListParams) =>
    [scopeKey(institutionId), 'records', ref.moduleId, ref.submoduleId, 'list', params] as const,
  detail: (institutionId: string | null, ref: RecordsRef, id: string) =>
    [scopeKey(institutionId), 'records', ref.moduleId, ref.submoduleId, 'detail', id] as const,
  related: (institutionId: string | null, ref: RecordsRef, id: string) =>
    [scopeKey(institutionId), 'records', ref.moduleId, ref.submoduleId, 'related', id] as const,
  importJob: (institutionId: string | null, ref: RecordsRef, importId: string) =>
    [scopeKey(institutionId), 'records', ref.moduleId, ref.submoduleId, 'import', importId] as const,
  activeImports: (institutionId: string | null, ref: RecordsRef) =>
    [scopeKey(institutionId), 'records', ref.moduleId, ref.submoduleId, 'imports', 'active'] as const,
  moduleInsights: (institutionId: string | null, moduleId: string) =>
    [scopeKey(institutionId), 'insights', moduleId] as const,
  insights: (institutionId: string | null, ref: RecordsRef) =>
    [scopeKey(institutionId), 'insights', ref.moduleId, ref.submoduleId] as const,
};

export function recordPageQueryOptions(
  institutionId: string | null,
  ref: RecordsRef,
  params: RecordListParams,
) {
  return queryOptions({
    queryKey: recordKeys.list(institutionId, ref, params),
    queryFn: ({ signal }) => fetchRecordPage(institutionId as string, ref, params, signal),
    enabled: Boolean(institutionId),
    // Paging and searching keep the previous rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useRecordPage(ref: RecordsRef, params: RecordListParams) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(recordPageQueryOptions(institutionId, ref, params));
}

export function recordQueryOptions(institutionId: string | null, ref: RecordsRef, id: string) {
  return queryOptions({
    queryKey: recordKeys.detail(institutionId, ref, id),
    queryFn: ({ signal }) => fetchRecord(institutionId as string, ref, id, signal),
    enabled: Boolean(institutionId) && Boolean(id),
    staleTime: 15_000,
  });
}

export function useRecord(ref: RecordsRef, id: string) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(recordQueryOptions(institutionId, ref, id));
}

export function relatedRecordsQueryOptions(institutionId: string | null, ref: RecordsRef, id: string) {
  return queryOptions({
    queryKey: recordKeys.related(institutionId, ref, id),
    queryFn: ({ signal }) => fetchRelatedRecords(institutionId as string, ref, id, signal),
    enabled: Boolean(institutionId) && Boolean(id),
    staleTime: 15_000,
  });
}

/** The records pointing at a record (a patient's appointments, prescriptions and claims). */
export function useRelatedRecords(ref: RecordsRef, id: string) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(relatedRecordsQueryOptions(institutionId, ref, id));
}

/**
 * After a 409 (someone saved the record since it was read): reads the version now stored, past
 * any cached copy, so the user can edit on top of it.
 */
export function useLoadLatestRecord(ref: RecordsRef): (id: string) => Promise<RecordItem> {
  const institutionId = useCurrentInstitutionId();
  const queryClient = useQueryClient();
  return (id) => queryClient.fetchQuery({ ...recordQueryOptions(institutionId, ref, id), staleTime: 0 });
}

export function moduleInsightsQueryOptions(institutionId: string | null, ref: RecordsRef) {
  return queryOptions({
    queryKey: recordKeys.insights(institutionId, ref),
    queryFn: ({ signal }) => fetchModuleInsights(institutionId as string, ref, signal),
    enabled: Boolean(institutionId),
    staleTime: 30_000,
  });
}

export function useModuleInsights(ref: RecordsRef) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(moduleInsightsQueryOptions(institutionId, ref));
}

export function recordImportQueryOptions(
  institutionId: string | null,
  ref: RecordsRef,
  importId: string | null,
) {
  return queryOptions({
    queryKey: recordKeys.importJob(institutionId, ref, importId ?? 'none'),
    queryFn: ({ signal }) => fetchRecordImport(institutionId as string, ref, importId as string, signal),
    enabled: Boolean(institutionId) && Boolean(importId),
    // Poll until the job is done; a finished job never changes again.
    refetchInterval: (query) => jobPollInterval(query.state.data),
    staleTime: (query) => (isJobSettled(query.state.data?.status) ? Number.POSITIVE_INFINITY : 0),
  });
}

export function useRecordImport(ref: RecordsRef, importId: string | null) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(recordImportQueryOptions(institutionId, ref, importId));
}

/** The caller's imports of the submodule still under way: asked once when a screen opens. */
export function activeRecordImportsQueryOptions(
  institutionId: string | null,
  ref: RecordsRef,
  enabled = true,
) {
  return queryOptions({
    queryKey: recordKeys.activeImports(institutionId, ref),
    queryFn: ({ signal }) => fetchActiveRecordImports(institutionId as string, ref, signal),
    enabled: enabled && Boolean(institutionId),
    staleTime: 0,
  });
}

export function useActiveRecordImports(ref: RecordsRef, enabled = true) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(activeRecordImportsQueryOptions(institutionId, ref, enabled));
}

/**
 * After any write: the submodule's lists and details, every other list of the institution (their
 * reference labels may name the changed record) and the module's insights.
 */
export async function invalidateAfterRecordWrite(
  queryClient: QueryClient,
  institutionId: string,
  ref: RecordsRef,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: recordKeys.all(institutionId) }),
    queryClient.invalidateQueries({ queryKey: recordKeys.moduleInsights(institutionId, ref.moduleId) }),
  ]);
}

export function createRecordMutationOptions(
  queryClient: QueryClient,
  institutionId: string | null,
  ref: RecordsRef,
): UseMutationOptions<RecordItem, Error, RecordValues> {
  return {
    mutationFn: (data) => createRecord(requireInstitution(institutionId), ref, data),
    onSuccess: async (record) => {
      const id = requireInstitution(institutionId);
      queryClient.setQueryData(recordKeys.detail(id, ref, record.id), record);
      await invalidateAfterRecordWrite(queryClient, id, ref);
    },
  };
}

export function useCreateRecord(ref: RecordsRef) {
  const institutionId = useCurrentInstitutionId();
  const queryClient = useQueryClient();
  return useMutation(createRecordMutationOptions(queryClient, institutionId, ref));
}

/** What an optimistic update saved to put back if the server refuses the change. */
export interface RecordUpdateSnapshot {
  lists: Array<[readonly unknown[], RecordPage | undefined]>;
  detail: RecordItem | undefined;
}

function patchRow(row: RecordItem, update: RecordUpdate): RecordItem {
  return row.id === update.id ? { ...row, data: { ...row.data, ...update.data } as RecordValues } : row;
}

/**
 * Updates are optimistic: the submodule's cached lists and the record's detail show the change at
 * once (a board card lands in its new column), and a refusal (400, 403, 409) restores exactly what
 * was there before. The server's answer then refreshes everything.
 */
export function updateRecordMutationOptions(
  queryClient: QueryClient,
  institutionId: string | null,
  ref: RecordsRef,
): UseMutationOptions<RecordItem, Error, RecordUpdate, RecordUpdateSnapshot> {
  return {
    mutationFn: (update) => updateRecord(requireInstitution(institutionId), ref, update),
    onMutate: async (update) => {
      const id = requireInstitution(institutionId);
      const listKey = recordKeys.lists(id, ref);
      const detailKey = recordKeys.detail(id, ref, update.id);
      await queryClient.cancelQueries({ queryKey: listKey });
      await queryClient.cancelQueries({ queryKey: detailKey });
      const snapshot: RecordUpdateSnapshot = {
        lists: queryClient.getQueriesData<RecordPage>({ queryKey: listKey }),
        detail: queryClient.getQueryData<RecordItem>(detailKey),
      };
      queryClient.setQueriesData<RecordPage>({ queryKey: listKey }, (page) =>
        page ? { ...page, rows: page.rows.map((row) => patchRow(row, update)) } : page,
      );
      if (snapshot.detail) queryClient.setQueryData(detailKey, patchRow(snapshot.detail, update));
      return snapshot;
    },
    onError: (_error, update, snapshot) => {
      if (!snapshot || !institutionId) return;
      for (const [key, page] of snapshot.lists) queryClient.setQueryData(key, page);
      queryClient.setQueryData(recordKeys.detail(institutionId, ref, update.id), snapshot.detail);
    },
    onSuccess: (record) => {
      if (!institutionId) return;
      queryClient.setQueryData(recordKeys.detail(institutionId, ref, record.id), record);
      // The server's row (new version) replaces the optimistic one at once, so a second change made
      // before the lists refetch carries the current version instead of earning a 409.
      queryClient.setQueriesData<RecordPage>({ queryKey: recordKeys.lists(institutionId, ref) }, (page) =>
        page ? { ...page, rows: page.rows.map((row) => (row.id === record.id ? record : row)) } : page,
      );
    },
    onSettled: async () => {
      if (institutionId) await invalidateAfterRecordWrite(queryClient, institutionId, ref);
    },
  };
}

export function useUpdateRecord(ref: RecordsRef) {
  const institutionId = useCurrentInstitutionId();
  const queryClient = useQueryClient();
  return useMutation(updateRecordMutationOptions(queryClient, institutionId, ref));
}

export function deleteRecordMutationOptions(
  queryClient: QueryClient,
  institutionId: string | null,
  ref: RecordsRef,
): UseMutationOptions<void, Error, string> {
  return {
    mutationFn: (id) => deleteRecord(requireInstitution(institutionId), ref, id),
    onSuccess: async (_nothing, id) => {
      const institution = requireInstitution(institutionId);
      queryClient.removeQueries({ queryKey: recordKeys.detail(institution, ref, id) });
      await invalidateAfterRecordWrite(queryClient, institution, ref);
    },
  };
}

export function useDeleteRecord(ref: RecordsRef) {
  const institutionId = useCurrentInstitutionId();
  const queryClient = useQueryClient();
  return useMutation(deleteRecordMutationOptions(queryClient, institutionId, ref));
}

/** Starts an import; poll it with useRecordImport. Lists refresh when the job finishes. */
export function startRecordImportMutationOptions(
  queryClient: QueryClient,
  institutionId: string | null,
  ref: RecordsRef,
): UseMutationOptions<RecordImportStatus, Error, string> {
  return {
    mutationFn: (csv) => startRecordImport(requireInstitution(institutionId), ref, csv),
    onSuccess: (started) => {
      const id = requireInstitution(institutionId);
      queryClient.setQueryData(recordKeys.importJob(id, ref, started.id), started);
      void queryClient.invalidateQueries({ queryKey: recordKeys.activeImports(id, ref) });
    },
  };
}

export function useStartRecordImport(ref: RecordsRef) {
  const institutionId = useCurrentInstitutionId();
  const queryClient = useQueryClient();
  return useMutation(startRecordImportMutationOptions(queryClient, institutionId, ref));
}
