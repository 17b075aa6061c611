import { type RecordSchema, type RecordValues, searchableFields } from '@tessera/data-access/contracts';

/** The schema's title field as text: reference labels and page titles. */
export function recordTitle(schema: RecordSchema, values: RecordValues): string {
  const title = values[schema.titleField];
  return title === null || title === undefined ? '' : String(title);
}

/** The title and searchable fields, lower-cased: what the list's text search matches. */
export function recordSearchText(schema: RecordSchema, values: RecordValues): string {
  const parts = [recordTitle(schema, values), ...searchableFields(schema).map((field) => values[field.key])];
  return parts
    .filter((part) => part !== null && part !== undefined && part !== '')
    .join(' ')
    .toLowerCase();
}
