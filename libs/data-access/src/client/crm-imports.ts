import type {
  CrmDuplicateEntity,
  CrmImportEntity,
  CrmImportStatus,
  DuplicateGroup,
  MergeDuplicatesInput,
  MergeResult,
  StartCrmImportInput,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

/** Starts a CRM import (docs/product/crm-imports.md); the job's progress is read with fetchCrmImport. */
export function startCrmImport(
  institutionId: string | null,
  input: StartCrmImportInput,
): Promise<CrmImportStatus> {
  return apiFetch<CrmImportStatus>('/api/crm/imports', { institutionId, method: 'POST', body: input });
}

export function fetchCrmImport(
  institutionId: string | null,
  id: string,
  signal?: AbortSignal,
): Promise<CrmImportStatus> {
  return apiFetch<CrmImportStatus>(`/api/crm/imports/${encodeURIComponent(id)}`, { institutionId, signal });
}

/** The latest CRM imports, newest first. */
export function fetchCrmImports(
  institutionId: string | null,
  entity: CrmImportEntity | null,
  signal?: AbortSignal,
): Promise<CrmImportStatus[]> {
  return apiFetch<CrmImportStatus[]>('/api/crm/imports', {
    institutionId,
    signal,
    query: entity ? { entity } : {},
  });
}

export function undoCrmImport(institutionId: string | null, id: string): Promise<CrmImportStatus> {
  return apiFetch<CrmImportStatus>(`/api/crm/imports/${encodeURIComponent(id)}/undo`, {
    institutionId,
    method: 'POST',
  });
}

export function fetchDuplicates(
  institutionId: string | null,
  entity: CrmDuplicateEntity,
  signal?: AbortSignal,
): Promise<DuplicateGroup[]> {
  return apiFetch<DuplicateGroup[]>(`/api/crm/duplicates/${entity}`, { institutionId, signal });
}

export function mergeDuplicates(
  institutionId: string | null,
  entity: CrmDuplicateEntity,
  input: MergeDuplicatesInput,
): Promise<MergeResult> {
  return apiFetch<MergeResult>(`/api/crm/duplicates/${entity}/merge`, {
    institutionId,
    method: 'POST',
    body: input,
  });
}
