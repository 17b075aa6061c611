import type { LeadQualification, SaveQualificationInput } from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

export function fetchLeadQualification(institutionId: string | null, leadId: string, signal?: AbortSignal) {
  return apiFetch<LeadQualification>(`/api/crm/leads/${encodeURIComponent(leadId)}/qualification`, {
    institutionId,
    signal,
  });
}

export function saveLeadQualification(
  institutionId: string | null,
  leadId: string,
  input: SaveQualificationInput,
) {
  return apiFetch<LeadQualification>(`/api/crm/leads/${encodeURIComponent(leadId)}/qualification`, {
    method: 'PUT',
    institutionId,
    body: input,
  });
}
