import { type CrmDuplicateEntity, type DuplicateRecord, MERGE_FIELDS } from '@tessera/data-access/contracts';

/** The starting choice: the kept record's values, except where it has none and the other has one. */
export function mergeChoices(
  entity: CrmDuplicateEntity,
  survivor: DuplicateRecord,
  merged: DuplicateRecord,
): string[] {
  return MERGE_FIELDS[entity]
    .map((field) => field.key)
    .filter((key) => (survivor.values[key] ?? '') === '' && (merged.values[key] ?? '') !== '');
}
