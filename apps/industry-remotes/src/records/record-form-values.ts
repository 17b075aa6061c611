import type { FieldDefinition, RecordItem, RecordSchema, RecordValues } from '@tessera/data-access/contracts';
import { fromLocalDateTimeInput, toLocalDateTimeInput } from './format-value';

/** What the form's inputs hold: text for every input, a flag for checkboxes. */
export type FormValues = Record<string, string | boolean>;

function inputValue(field: FieldDefinition, value: unknown): string | boolean {
  if (field.type === 'boolean') return value === true;
  if (value === null || value === undefined) return '';
  if (field.type === 'dateTime') return toLocalDateTimeInput(String(value));
  return String(value);
}

/** The inputs' starting values: the record's for an edit, empty (unchecked) for a new record. */
export function initialFormValues(schema: RecordSchema, record?: RecordItem): FormValues {
  const values: FormValues = {};
  for (const field of schema.fields) values[field.key] = inputValue(field, record?.data[field.key]);
  return values;
}

/**
 * The form's values as validateRecord and the API take them: date-times converted from local wall
 * time to UTC (validation reads an offset-less value as UTC), empty inputs as null.
 */
export function formInput(schema: RecordSchema, values: FormValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of schema.fields) {
    const value = values[field.key];
    if (field.type === 'boolean') input[field.key] = value === true;
    else if (typeof value !== 'string' || value.trim() === '') input[field.key] = null;
    else if (field.type === 'dateTime') input[field.key] = fromLocalDateTimeInput(value);
    else input[field.key] = value;
  }
  return input;
}

/** Only the fields whose normalised value differs from the record's: an edit sends just those. */
export function changedValues(record: RecordItem, value: RecordValues): RecordValues {
  const changed: RecordValues = {};
  for (const [key, next] of Object.entries(value)) {
    if ((record.data[key] ?? null) !== next) changed[key] = next;
  }
  return changed;
}

/** The API's 400 body `{ errors: { field: [msg] } }` as one message per field. */
export function fieldErrorsFrom(
  errors: Record<string, string[] | string> | undefined,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const message = Array.isArray(messages) ? messages[0] : messages;
    if (message) result[key] = message;
  }
  return result;
}
