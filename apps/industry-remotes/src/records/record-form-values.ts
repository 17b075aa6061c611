import {
  type FieldDefinition,
  keptReferenceReads,
  type RecordItem,
  type RecordSchema,
  type RecordValues,
  todayUtc,
  validateFieldValue,
  withDerivedValues,
} from '@tessera/data-access/contracts';
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

/**
 * The derived values as the form's current inputs make them (nights × rate while typing): each
 * input read as validation would, unreadable or empty ones left out, then the schema's formulas
 * (with the referenced records the form knows: a room's rate once the room is picked).
 * The server computes the same values on save; this is the preview.
 */
export function derivedPreview(
  schema: RecordSchema,
  values: FormValues,
  references: Readonly<Record<string, RecordValues>> = {},
  stored?: Readonly<RecordValues>,
): RecordValues {
  const input = formInput(schema, values);
  const parsed: RecordValues = {};
  for (const field of schema.fields) {
    const raw = input[field.key];
    if (field.derived || raw === null || raw === undefined) continue;
    const result = validateFieldValue(field, raw);
    parsed[field.key] = result.ok ? result.value : null;
  }
  // Editing: a value read from a reference that did not change is the one the record keeps (a booked rate).
  const kept = stored
    ? keptReferenceReads(schema, stored, parsed)
    : { values: {}, references: new Set<string>() };
  const readable = Object.fromEntries(
    Object.entries(references).filter(([key]) => !kept.references.has(key)),
  );
  const computed = withDerivedValues(
    schema,
    { ...parsed, ...kept.values },
    { today: todayUtc(), references: readable },
  );
  return Object.fromEntries(
    schema.fields.filter((field) => field.derived).map((field) => [field.key, computed[field.key] ?? null]),
  );
}

/** What a form sends: the fields people fill in (derived ones are the server's to compute). */
export function typedValues(schema: RecordSchema, value: RecordValues): RecordValues {
  const typed: RecordValues = {};
  for (const field of schema.fields) {
    if (!field.derived && Object.hasOwn(value, field.key)) typed[field.key] = value[field.key] ?? null;
  }
  return typed;
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
