import { fetchLeadQualification, saveLeadQualification } from '@tessera/data-access/client';
import type { LeadQualification, SaveQualificationInput } from '@tessera/data-access/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scopeKey } from './query-keys';
import { useCurrentInstitutionId } from './current-institution';

export const qualificationKeys = {
  lead: (institutionId: string | null, leadId: string) =>
    [scopeKey(institutionId), 'crm', 'qualification', leadId] as const,
};

/** A lead's stored workflow steps and BANT (docs/product/lead-qualification.md#bant, kept per lead). */
export function leadQualificationQueryOptions(institutionId: string | null, leadId: string | null) {
  return queryOptions({
    queryKey: qualificationKeys.lead(institutionId, leadId ?? 'none'),
    queryFn: ({ signal }) => fetchLeadQualification(institutionId, leadId as string, signal),
    enabled: Boolean(leadId),
  });
}

export function useLeadQualification(leadId: string | null) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(leadQualificationQueryOptions(institutionId, leadId));
}

/** Saves a step change or the BANT answers; the screen shows the server's answer. */
export function useSaveLeadQualification(leadId: string) {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation<LeadQualification, Error, SaveQualificationInput>({
    mutationFn: (input) => saveLeadQualification(institutionId, leadId, input),
    onSuccess: (saved) => client.setQueryData(qualificationKeys.lead(institutionId, leadId), saved),
  });
}
