import type {
  ModuleInsights,
  RecordImportStatus,
  RecordItem,
  RecordPage,
  RecordValues,
  RelatedRecords,
  SortDirection,
} from '@tessera/data-access/contracts';
import { apiDownload, apiFetch } from './api-fetch';

/** Which submodule's records a call reads or writes (`healthcare` / `patients`). */
export interface RecordsRef {
  moduleId: string;
  submoduleId: string;
}

/** What the records list accepts; every part is optional and server-validated. */
export interface RecordListParams {
  search?: string;
  sort?: string;
  direction?: SortDirection;
  /** Equality filters as `field:value`. */
  filter?: readonly string[];
  /** At most 500. */
  limit?: number;
  offset?: number;
  /** With from/to: records whose span from dateField to dateEndField overlaps the range. */
  dateField?: string;
  dateEndField?: string;
  /** `YYYY-MM-DD`, inclusive. */
  from?: string;
  to?: string;
}

export interface RecordUpdate {
  id: string;
  /** Only the fields to change. */
  data: Partial<RecordValues>;
  /** The version read; a stale one answers 409 and changes nothing. */
  version?: number;
}

/** The largest page the API serves: board, calendar and timeline read this many at once. */
export const RECORDS_MAX_LIMIT = 500;

function submodulePath({ moduleId, submoduleId }: RecordsRef): string {
  return `/api/modules/${encodeURIComponent(moduleId)}/${encodeURIComponent(submoduleId)}`;
}

/** `?search=…&filter=a:1&filter=b:2`: filters repeat, empty parts are left out. */
export function recordListQueryString(params: RecordListParams): string {
  const query = new URLSearchParams();
  if (params.search?.trim()) query.set('search', params.search.trim());
  if (params.sort) query.set('sort', params.sort);
  if (params.direction) query.set('direction', params.direction);
  for (const filter of params.filter ?? []) query.append('filter', filter);
  if (params.limit !== undefined) query.set('limit', String(params.limit));
  if (params.offset !== undefined) query.set('offset', String(params.offset));
  if (params.dateField) query.set('dateField', params.dateField);
  if (params.dateEndField) query.set('dateEndField', params.dateEndField);
  if (params.from) query.set('from', params.from);
  if (params.to) query.set('to', params.to);
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function fetchRecordPage(
  institutionId: string,
  ref: RecordsRef,
  params: RecordListParams,
  signal?: AbortSignal,
): Promise<RecordPage> {
  return apiFetch<RecordPage>(`${submodulePath(ref)}/records${recordListQueryString(params)}`, {
    institutionId,
    signal,
  });
}

export function fetchRecord(
  institutionId: string,
  ref: RecordsRef,
  id: string,
  signal?: AbortSignal,
): Promise<RecordItem> {
  return apiFetch<RecordItem>(`${submodulePath(ref)}/records/${encodeURIComponent(id)}`, {
    institutionId,
    signal,
  });
}

/** The records of this module that point at a record, grouped by submodule. */
export function fetchRelatedRecords(
  institutionId: string,
  ref: RecordsRef,
  id: string,
  signal?: AbortSignal,
): Promise<RelatedRecords> {
  return apiFetch<RelatedRecords>(`${submodulePath(ref)}/records/${encodeURIComponent(id)}/related`, {
    institutionId,
    signal,
  });
}

export function createRecord(
  institutionId: string,
  ref: RecordsRef,
  data: RecordValues,
): Promise<RecordItem> {
  return apiFetch<RecordItem>(`${submodulePath(ref)}/records`, {
    method: 'POST',
    institutionId,
    body: { data },
  });
}

export function updateRecord(
  institutionId: string,
  ref: RecordsRef,
  update: RecordUpdate,
): Promise<RecordItem> {
  return apiFetch<RecordItem>(`${submodulePath(ref)}/records/${encodeURIComponent(update.id)}`, {
    method: 'PATCH',
    institutionId,
    body:
      update.version === undefined ? { data: update.data } : { data: update.data, version: update.version },
  });
}

export function deleteRecord(institutionId: string, ref: RecordsRef, id: string): Promise<void> {
  return apiFetch<void>(`${submodulePath(ref)}/records/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    institutionId,
  });
}

export function startRecordImport(
  institutionId: string,
  ref: RecordsRef,
  csv: string,
): Promise<RecordImportStatus> {
  return apiFetch<RecordImportStatus>(`${submodulePath(ref)}/records/import`, {
    method: 'POST',
    institutionId,
    body: { csv },
  });
}

export function fetchRecordImport(
  institutionId: string,
  ref: RecordsRef,
  importId: string,
  signal?: AbortSignal,
): Promise<RecordImportStatus> {
  return apiFetch<RecordImportStatus>(`${submodulePath(ref)}/imports/${encodeURIComponent(importId)}`, {
    institutionId,
    signal,
  });
}

/** The caller's imports of the submodule still under way, newest first (a reopened screen resumes them). */
export function fetchActiveRecordImports(
  institutionId: string,
  ref: RecordsRef,
  signal?: AbortSignal,
): Promise<RecordImportStatus[]> {
  return apiFetch<RecordImportStatus[]>(`${submodulePath(ref)}/imports/active`, { institutionId, signal });
}

export function fetchModuleInsights(
  institutionId: string,
  ref: RecordsRef,
  signal?: AbortSignal,
): Promise<ModuleInsights> {
  return apiFetch<ModuleInsights>(`${submodulePath(ref)}/insights`, { institutionId, signal });
}

/**
 * The submodule's records as CSV text, downloaded as a file: its body must never be parsed as
 * JSON (a one-column export of numbers would be).
 */
export async function fetchRecordsCsv(
  institutionId: string,
  ref: RecordsRef,
  params: Pick<RecordListParams, 'search' | 'sort' | 'direction' | 'filter'> = {},
): Promise<string> {
  const url = `${submodulePath(ref)}/records/export.csv${recordListQueryString(params)}`;
  const file = await apiDownload(url, { institutionId, accept: 'text/csv' });
  return file.blob.text();
}
