import type { DealFile, PipelinePreferences, PipelinePreferencesInput } from '@tessera/data-access/contracts';
import {
  ApiError,
  createDeal,
  deleteDeal,
  deleteDealFile,
  fetchDeal,
  fetchDealFiles,
  fetchDeals,
  fetchPipelinePreferences,
  isConflict,
  savePipelinePreferences,
  updateDeal,
  uploadDealFile,
} from '@tessera/data-access/client';
import type { CreateDealInput, Deal, UpdateDealInput } from '@tessera/data-access/contracts';
import {
  type QueryClient,
  queryOptions,
  type UseMutationOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { scopeKey } from './query-keys';
import { useCurrentInstitutionId } from './current-institution';

/** Deal keys start with the institution id (libs/data-access/README.md). */
export const dealKeys = {
  all: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'deals'] as const,
  list: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'deals', 'list'] as const,
  detail: (institutionId: string | null, id: string) =>
    [scopeKey(institutionId), 'crm', 'deals', 'detail', id] as const,
  files: (institutionId: string | null, id: string) =>
    [scopeKey(institutionId), 'crm', 'deals', 'files', id] as const,
  pipelinePreferences: (institutionId: string | null) =>
    [scopeKey(institutionId), 'crm', 'preferences', 'pipeline'] as const,
};

export function dealsQueryOptions(institutionId: string | null, enabled = true) {
  return queryOptions({
    queryKey: dealKeys.list(institutionId),
    queryFn: ({ signal }) => fetchDeals(institutionId, {}, signal),
    enabled,
    staleTime: 30_000,
  });
}

export function useDeals(enabled = true) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(dealsQueryOptions(institutionId, enabled));
}

/** One deal; null when no deal in scope has that id (the screen says Deal not found). */
export function dealQueryOptions(institutionId: string | null, id: string) {
  return queryOptions({
    queryKey: dealKeys.detail(institutionId, id),
    queryFn: async ({ signal }): Promise<Deal | null> => {
      try {
        return await fetchDeal(institutionId, id, signal);
      } catch (error) {
        // A malformed id answers 400, an unknown or foreign one 404: both are "no match".
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
    retry: 1,
  });
}

export function useDeal(id: string) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(dealQueryOptions(institutionId, id));
}

/** Puts a deal the server answered into the list and the detail caches. */
export function storeDeal(client: QueryClient, institutionId: string | null, deal: Deal): void {
  client.setQueryData<Deal[]>(dealKeys.list(institutionId), (deals) => {
    if (!deals) return deals;
    const index = deals.findIndex((d) => d.id === deal.id);
    if (index === -1) return [deal, ...deals];
    const next = deals.slice();
    next[index] = deal;
    return next;
  });
  client.setQueryData(dealKeys.detail(institutionId, deal.id), deal);
}

export function useCreateDeal() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDealInput) => createDeal(institutionId, input),
    onSuccess: (deal) => {
      storeDeal(client, institutionId, deal);
      void client.invalidateQueries({ queryKey: dealKeys.all(institutionId) });
    },
  });
}

export interface DealUpdate {
  id: string;
  changes: UpdateDealInput;
}

/**
 * Server first (docs/product/pipeline.md#moving-a-deal): the caches change only with the row the server answered, so a refused
 * change leaves the screen as it was. A 409 means someone changed the deal since it was read: the
 * deals reload, so a retry carries the current version.
 */
export function updateDealMutationOptions(
  client: QueryClient,
  institutionId: string | null,
): UseMutationOptions<Deal, Error, DealUpdate> {
  return {
    mutationFn: ({ id, changes }) => updateDeal(institutionId, id, changes),
    onSuccess: (deal) => {
      storeDeal(client, institutionId, deal);
      // A stage change logs an activity; charts and figures follow the deals.
      void client.invalidateQueries({ queryKey: [scopeKey(institutionId), 'crm', 'activities'] });
      void client.invalidateQueries({ queryKey: [scopeKey(institutionId), 'crm', 'charts'] });
    },
    onError: (error) => {
      if (isConflict(error)) void client.invalidateQueries({ queryKey: dealKeys.all(institutionId) });
    },
  };
}

export function useUpdateDeal() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation(updateDealMutationOptions(client, institutionId));
}

export function useDeleteDeal() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteDeal(institutionId, id),
    onSuccess: (_, id) => {
      client.setQueryData<Deal[]>(dealKeys.list(institutionId), (deals) => deals?.filter((d) => d.id !== id));
      client.setQueryData(dealKeys.detail(institutionId, id), null);
      void client.invalidateQueries({ queryKey: dealKeys.list(institutionId) });
    },
  });
}

export function dealFilesQueryOptions(institutionId: string | null, dealId: string) {
  return queryOptions({
    queryKey: dealKeys.files(institutionId, dealId),
    queryFn: ({ signal }) => fetchDealFiles(institutionId, dealId, signal),
  });
}

export function useDealFiles(dealId: string) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(dealFilesQueryOptions(institutionId, dealId));
}

export function useUploadDealFile(dealId: string) {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadDealFile(institutionId, dealId, file),
    onSuccess: (file) => {
      client.setQueryData<DealFile[]>(dealKeys.files(institutionId, dealId), (files) => [
        file,
        ...(files ?? []),
      ]);
    },
  });
}

export function useDeleteDealFile(dealId: string) {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => deleteDealFile(institutionId, dealId, fileId),
    onSuccess: (_, fileId) => {
      client.setQueryData<DealFile[]>(dealKeys.files(institutionId, dealId), (files) =>
        files?.filter((f) => f.id !== fileId),
      );
    },
  });
}

export function pipelinePreferencesQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: dealKeys.pipelinePreferences(institutionId),
    queryFn: ({ signal }) => fetchPipelinePreferences(institutionId, signal),
    staleTime: 5 * 60_000,
  });
}

export function usePipelinePreferences() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(pipelinePreferencesQueryOptions(institutionId));
}

/**
 * Saves the hidden columns or the cards' order (the fields given; the order of the stages given): the board follows
 * at once and rolls back if the save fails.
 */
export function useSavePipelinePreferences() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  const key = dealKeys.pipelinePreferences(institutionId);
  return useMutation({
    mutationFn: (preferences: PipelinePreferencesInput) =>
      savePipelinePreferences(institutionId, preferences),
    onMutate: async (preferences) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<PipelinePreferences>(key);
      const base: PipelinePreferences = previous ?? { hidden_stages: [], card_order: {} };
      client.setQueryData<PipelinePreferences>(key, {
        hidden_stages: preferences.hidden_stages ?? base.hidden_stages,
        card_order: { ...base.card_order, ...preferences.card_order },
      });
      return { previous };
    },
    onError: (_error, _preferences, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
}
