import {
  fetchInstitutionLogo,
  fetchInstitutions,
  removeInstitutionLogo,
  updateInstitutionName,
  uploadInstitutionLogo,
} from '@tessera/data-access/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requireInstitution, useCurrentInstitutionId } from './current-institution';
import { queryKeys, scopeKey } from './query-keys';

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

/** The selected institution's logo; keyed under its scope like every org-scoped answer. */
export const institutionLogoKey = (institutionId: string | null) =>
  [scopeKey(institutionId), 'institution', 'logo'] as const;

/** The logo's image (null without one); nothing is asked without a selected institution. */
export function useInstitutionLogo() {
  const institutionId = useCurrentInstitutionId();
  return useQuery({
    queryKey: institutionLogoKey(institutionId),
    queryFn: ({ signal }) => fetchInstitutionLogo(requireInstitution(institutionId), signal),
    enabled: institutionId !== null,
  });
}

export function useUploadInstitutionLogo() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadInstitutionLogo(requireInstitution(institutionId), file),
    onSuccess: (_logo, file) => client.setQueryData(institutionLogoKey(institutionId), file),
  });
}

export function useRemoveInstitutionLogo() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => removeInstitutionLogo(requireInstitution(institutionId)),
    onSuccess: () => client.setQueryData(institutionLogoKey(institutionId), null),
  });
}
