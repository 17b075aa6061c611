import type {
  RecordBulkResult,
  RecordValues,
  SavedListView,
  SavedListViewBody,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';
import type { RecordsRef } from './records';

function submodulePath({ moduleId, submoduleId }: RecordsRef): string {
  return `/api/modules/${encodeURIComponent(moduleId)}/${encodeURIComponent(submoduleId)}`;
}

/** Sets the same values on every listed record, all or nothing. */
export function bulkUpdateRecords(
  institutionId: string,
  ref: RecordsRef,
  ids: readonly string[],
  data: Partial<RecordValues>,
): Promise<RecordBulkResult> {
  return apiFetch<RecordBulkResult>(`${submodulePath(ref)}/records/bulk-update`, {
    method: 'POST',
    institutionId,
    body: { ids, data },
  });
}

/** Deletes every listed record, or none (409 while other records still point at one). */
export function bulkDeleteRecords(
  institutionId: string,
  ref: RecordsRef,
  ids: readonly string[],
): Promise<RecordBulkResult> {
  return apiFetch<RecordBulkResult>(`${submodulePath(ref)}/records/bulk-delete`, {
    method: 'POST',
    institutionId,
    body: { ids },
  });
}

export function fetchSavedListViews(
  institutionId: string,
  ref: RecordsRef,
  signal?: AbortSignal,
): Promise<SavedListView[]> {
  return apiFetch<SavedListView[]>(`${submodulePath(ref)}/saved-views`, { institutionId, signal });
}

export function saveListView(
  institutionId: string,
  ref: RecordsRef,
  body: SavedListViewBody,
): Promise<SavedListView> {
  return apiFetch<SavedListView>(`${submodulePath(ref)}/saved-views`, {
    method: 'POST',
    institutionId,
    body,
  });
}

export function deleteListView(institutionId: string, ref: RecordsRef, viewId: string): Promise<void> {
  return apiFetch<void>(`${submodulePath(ref)}/saved-views/${encodeURIComponent(viewId)}`, {
    method: 'DELETE',
    institutionId,
  });
}
