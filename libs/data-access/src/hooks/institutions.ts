import { fetchInstitutions, updateInstitutionName } from '@tessera/data-access/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

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
