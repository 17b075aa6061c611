import { type Institution, keepCompleteInstitutions } from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

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
