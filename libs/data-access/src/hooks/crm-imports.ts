import {
  fetchCrmImport,
  fetchCrmImports,
  fetchDuplicates,
  mergeDuplicates,
  startCrmImport,
  undoCrmImport,
} from '@tessera/data-access/client';
import {
  type CrmDuplicateEntity,
  type CrmImportEntity,
  isJobSettled,
  jobPollInterval,
  type MergeDuplicatesInput,
  type StartCrmImportInput,
} from '@tessera/data-access/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentInstitutionId } from './current-institution';
import { scopeKey } from './query-keys';

export const crmImportKeys = {
  all: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'imports'] as const,
  history: (institutionId: string | null, entity: CrmImportEntity | null) =>
    [scopeKey(institutionId), 'crm', 'imports', 'history', entity ?? 'all'] as const,
  job: (institutionId: string | null, id: string) =>
    [scopeKey(institutionId), 'crm', 'imports', 'job', id] as const,
  duplicates: (institutionId: string | null, entity: CrmDuplicateEntity) =>
    [scopeKey(institutionId), 'crm', 'duplicates', entity] as const,
};

/** Everything an import or a merge can change: the CRM's lists, charts, counts. */
function invalidateCrm(client: QueryClient, institutionId: string | null): Promise<void> {
  return client.invalidateQueries({ queryKey: [scopeKey(institutionId), 'crm'] });
}

export function crmImportQueryOptions(institutionId: string | null, id: string | null) {
  return queryOptions({
    queryKey: crmImportKeys.job(institutionId, id ?? 'none'),
    queryFn: ({ signal }) => fetchCrmImport(institutionId, id as string, signal),
    enabled: Boolean(id),
    refetchInterval: (query) => jobPollInterval(query.state.data),
  });
}

/** One import, polled while it runs. */
export function useCrmImport(id: string | null) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(crmImportQueryOptions(institutionId, id));
}

export function crmImportsQueryOptions(institutionId: string | null, entity: CrmImportEntity | null) {
  return queryOptions({
    queryKey: crmImportKeys.history(institutionId, entity),
    queryFn: ({ signal }) => fetchCrmImports(institutionId, entity, signal),
    // The history follows imports still under way.
    refetchInterval: (query) =>
      query.state.data?.some((row) => !isJobSettled(row.status)) ? jobPollInterval(null) : false,
  });
}

export function useCrmImports(entity: CrmImportEntity | null = null) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(crmImportsQueryOptions(institutionId, entity));
}

export function useStartCrmImport() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StartCrmImportInput) => startCrmImport(institutionId, input),
    onSuccess: (started) => {
      client.setQueryData(crmImportKeys.job(institutionId, started.id), started);
      void client.invalidateQueries({ queryKey: crmImportKeys.all(institutionId) });
    },
  });
}

export function useUndoCrmImport() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => undoCrmImport(institutionId, id),
    onSuccess: () => invalidateCrm(client, institutionId),
  });
}

/** Refreshes the CRM's lists once an import has ended. */
export function useInvalidateCrm(): () => Promise<void> {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return () => invalidateCrm(client, institutionId);
}

export function duplicatesQueryOptions(institutionId: string | null, entity: CrmDuplicateEntity) {
  return queryOptions({
    queryKey: crmImportKeys.duplicates(institutionId, entity),
    queryFn: ({ signal }) => fetchDuplicates(institutionId, entity, signal),
  });
}

export function useDuplicates(entity: CrmDuplicateEntity) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(duplicatesQueryOptions(institutionId, entity));
}

export function useMergeDuplicates(entity: CrmDuplicateEntity) {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MergeDuplicatesInput) => mergeDuplicates(institutionId, entity, input),
    onSuccess: () => invalidateCrm(client, institutionId),
  });
}
