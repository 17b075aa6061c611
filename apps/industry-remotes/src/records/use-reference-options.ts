import { findRecordSchema, type ReferenceFieldDefinition } from '@tessera/data-access/contracts';
import { RECORDS_MAX_LIMIT, type RecordListParams } from '@tessera/data-access/client';
import { useRecordPage } from '@tessera/data-access/hooks';
import { useMemo } from 'react';

export interface ReferenceOption {
  value: string;
  label: string;
}

/** The page of target records a reference field's picker loads (shared with the form's preview). */
export function referenceOptionsParams(field: ReferenceFieldDefinition): RecordListParams {
  const target = findRecordSchema(field.reference.moduleId, field.reference.submoduleId);
  return {
    limit: RECORDS_MAX_LIMIT,
    sort: target?.defaultSort.field,
    direction: target?.defaultSort.direction,
  };
}

/** The records a reference field may point at, by their label field, for the form's select. */
export function useReferenceOptions(field: ReferenceFieldDefinition) {
  const { moduleId, submoduleId, labelField } = field.reference;
  const query = useRecordPage({ moduleId, submoduleId }, referenceOptionsParams(field));
  const options = useMemo<ReferenceOption[]>(
    () =>
      (query.data?.rows ?? [])
        .map((row) => ({ value: row.id, label: String(row.data[labelField] ?? row.title) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [query.data, labelField],
  );
  return { options, isLoading: query.isPending, isError: query.isError };
}
