import { fetchLeadQualification, saveLeadQualification } from '@tessera/data-access/client';
import type { LeadQualification, SaveQualificationInput } from '@tessera/data-access/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { crmScopeKey } from './crm-deals';

export const qualificationKeys = {
  lead: (institutionId: string | null, leadId: string) =>
    [crmScopeKey(institutionId), 'crm', 'qualification', leadId] as const,
};

/** A lead's stored workflow steps and BANT (docs/product/lead-qualification.md#bant, kept per lead). */
export function useLeadQualification(institutionId: string | null, leadId: string | null) {
  return useQuery({
    queryKey: qualificationKeys.lead(institutionId, leadId ?? 'none'),
    queryFn: ({ signal }) => fetchLeadQualification(institutionId, leadId as string, signal),
    enabled: Boolean(leadId),
  });
}

/** Saves a step change or the BANT answers; the screen shows the server's answer. */
export function useSaveLeadQualification(institutionId: string | null, leadId: string) {
  const client = useQueryClient();
  return useMutation<LeadQualification, Error, SaveQualificationInput>({
    mutationFn: (input) => saveLeadQualification(institutionId, leadId, input),
    onSuccess: (saved) => client.setQueryData(qualificationKeys.lead(institutionId, leadId), saved),
  });
}
