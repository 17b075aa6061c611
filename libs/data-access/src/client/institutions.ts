import {
  type Institution,
  type InstitutionLogo,
  keepCompleteInstitutions,
} from '@tessera/data-access/contracts';
import { isApiError } from './api-error';
import { apiDownload, apiFetch } from './api-fetch';

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

const logoPath = (institutionId: string) => `/api/institutions/${encodeURIComponent(institutionId)}/logo`;

/** The logo's image, or null when the institution has none (the header cannot ride on an <img> src). */
export async function fetchInstitutionLogo(
  institutionId: string,
  signal?: AbortSignal,
): Promise<Blob | null> {
  try {
    return (await apiDownload(logoPath(institutionId), { institutionId, signal, accept: 'image/*' })).blob;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** Sets or replaces the logo (owners and admins): a PNG or JPEG of at most INSTITUTION_LOGO_MAX_BYTES. */
export function uploadInstitutionLogo(institutionId: string, file: File): Promise<InstitutionLogo> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<InstitutionLogo>(logoPath(institutionId), { method: 'PUT', institutionId, body: form });
}

export function removeInstitutionLogo(institutionId: string): Promise<void> {
  return apiFetch<void>(logoPath(institutionId), { method: 'DELETE', institutionId });
}
