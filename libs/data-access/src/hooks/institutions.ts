import { apiFetch } from '@tessera/data-access/client';
import { type Institution, keepCompleteInstitutions } from '@tessera/data-access/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/** The caller's institutions; docs/product/institutions.md: rows without id, name or slug are dropped. */
export async function fetchInstitutions(signal?: AbortSignal): Promise<Institution[]> {
  const rows = await apiFetch<Partial<Institution>[]>('/api/institutions', { signal });
  return keepCompleteInstitutions(rows ?? []) as Institution[];
}

export function updateInstitutionName(institutionId: string, name: string): Promise<Institution> {
  return apiFetch<Institution>(`/api/institutions/${encodeURIComponent(institutionId)}`, {
    method: 'PATCH',
    body: { name },
    institutionId,
  });
}

export function institutionsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: queryKeys.institutions(),
    queryFn: ({ signal }) => fetchInstitutions(signal),
    enabled,
    retry: false,
  });
}

export function useInstitutionsQuery(enabled = true) {
  return useQuery(institutionsQueryOptions(enabled));
}

export interface InstitutionRename {
  institutionId: string;
  name: string;
}

export function useRenameInstitution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ institutionId, name }: InstitutionRename) => updateInstitutionName(institutionId, name),
    onSuccess: async (_institution, { institutionId }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.institutions() });
      await queryClient.invalidateQueries({ queryKey: queryKeys.meAccess(institutionId) });
    },
  });
}
