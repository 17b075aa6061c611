import type {
  CreateDealInput,
  Deal,
  DealFile,
  DealListFilters,
  PipelinePreferences,
  PipelinePreferencesInput,
  UpdateDealInput,
} from '@tessera/data-access/contracts';
import { type ApiFile, apiDownload, apiFetch } from './api-fetch';

/** The API's page cap for deals; the pipeline reads every deal in scope page by page. */
export const DEAL_PAGE_SIZE = 500;

/** Every deal in scope, newest first (docs/product/deals.md), fetched in pages of DEAL_PAGE_SIZE. */
export async function fetchDeals(
  institutionId: string | null,
  filters: DealListFilters = {},
  signal?: AbortSignal,
): Promise<Deal[]> {
  const deals: Deal[] = [];
  for (let offset = 0; ; offset += DEAL_PAGE_SIZE) {
    const page = await apiFetch<Deal[]>('/api/crm/deals', {
      institutionId,
      signal,
      query: { ...filters, limit: DEAL_PAGE_SIZE, offset },
    });
    deals.push(...page);
    if (page.length < DEAL_PAGE_SIZE) return deals;
  }
}

export function fetchDeal(institutionId: string | null, id: string, signal?: AbortSignal): Promise<Deal> {
  return apiFetch<Deal>(`/api/crm/deals/${encodeURIComponent(id)}`, { institutionId, signal });
}

export function createDeal(institutionId: string | null, input: CreateDealInput): Promise<Deal> {
  return apiFetch<Deal>('/api/crm/deals', { method: 'POST', institutionId, body: input });
}

/** Pass the `version` read: a deal changed since answers 409. */
export function updateDeal(institutionId: string | null, id: string, input: UpdateDealInput): Promise<Deal> {
  return apiFetch<Deal>(`/api/crm/deals/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    institutionId,
    body: input,
  });
}

export function deleteDeal(institutionId: string | null, id: string): Promise<void> {
  return apiFetch<void>(`/api/crm/deals/${encodeURIComponent(id)}`, { method: 'DELETE', institutionId });
}

export function fetchDealFiles(
  institutionId: string | null,
  dealId: string,
  signal?: AbortSignal,
): Promise<DealFile[]> {
  return apiFetch<DealFile[]>(`/api/crm/deals/${encodeURIComponent(dealId)}/files`, {
    institutionId,
    signal,
  });
}

export function uploadDealFile(institutionId: string | null, dealId: string, file: File): Promise<DealFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<DealFile>(`/api/crm/deals/${encodeURIComponent(dealId)}/files`, {
    method: 'POST',
    institutionId,
    body: form,
  });
}

/** The file's bytes (the scope header cannot ride on a plain link, so the screen fetches a Blob). */
export function downloadDealFile(
  institutionId: string | null,
  dealId: string,
  fileId: string,
): Promise<ApiFile> {
  return apiDownload(
    `/api/crm/deals/${encodeURIComponent(dealId)}/files/${encodeURIComponent(fileId)}/download`,
    { institutionId },
  );
}

export function deleteDealFile(institutionId: string | null, dealId: string, fileId: string): Promise<void> {
  return apiFetch<void>(`/api/crm/deals/${encodeURIComponent(dealId)}/files/${encodeURIComponent(fileId)}`, {
    method: 'DELETE',
    institutionId,
  });
}

export function fetchPipelinePreferences(
  institutionId: string | null,
  signal?: AbortSignal,
): Promise<PipelinePreferences> {
  return apiFetch<PipelinePreferences>('/api/crm/preferences/pipeline', { institutionId, signal });
}

export function savePipelinePreferences(
  institutionId: string | null,
  preferences: PipelinePreferencesInput,
): Promise<PipelinePreferences> {
  return apiFetch<PipelinePreferences>('/api/crm/preferences/pipeline', {
    method: 'PUT',
    institutionId,
    body: preferences,
  });
}
