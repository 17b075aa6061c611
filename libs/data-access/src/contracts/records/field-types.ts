/**
 * The field types of the records engine: what a submodule's records can hold. One definition
 * drives the API validation, the forms, the table columns, CSV import/export and demo seeds.
 */

export const FIELD_TYPES = [
  'text',
  'longText',
  'number',
  'money',
  'date',
  'dateTime',
  'enum',
  'boolean',
  'email',
  'phone',
  'url',
  'reference',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A stored field value. Money is a number in the institution's currency (major units, 2 decimals). */
export type RecordValue = string | number | boolean | null;
/** A record's field values keyed by field key, as stored and as returned by validation. */
export type RecordValues = Record<string, RecordValue>;
/** Whatever a form, a JSON body or a CSV row hands in before validation. */
export type RecordInput = Readonly<Record<string, unknown>>;

export interface EnumOption {
  /** Stored value: lower snake_case, never shown to users. */
  value: string;
  label: string;
}

/** A reference points at a record of another (or the same) module's submodule. */
export interface ReferenceTarget {
  moduleId: string;
  submoduleId: string;
  /** The target schema's field shown in place of the id (usually its titleField). */
  labelField: string;
}

/**
 * How the demo seeder fills a field (see seed-records.ts). Kept on the field so every schema says,
 * in one place, what realistic values look like; forms may reuse it as a placeholder.
 */
export type SampleKind =
  | 'personName'
  | 'firstName'
  | 'companyName'
  | 'jobTitle'
  | 'city'
  | 'country'
  | 'address'
  | 'sentence'
  | 'paragraph'
  | 'plate'
  | 'roomNumber'
  | 'physicianName'
  | 'sku'
  | 'personalEmail'
  | 'workEmail';

export type SampleHint =
  | SampleKind
  /** One of these values at random. */
  | { readonly oneOf: readonly string[] }
  /** A running code: prefix + zero-padded record number (INV-0001). */
  | { readonly sequence: string }
  /** A number or amount in this range (inclusive). */
  | { readonly between: readonly [number, number] }
  /** A date or date-time this many days from the seed's `today` (negative = past). */
  | { readonly daysFromToday: readonly [number, number] }
  /** An end date this many days after the record's start field (see record-schema view fields). */
  | { readonly daysAfterStart: readonly [number, number] }
  /** An end date-time this many minutes after the record's start field. */
  | { readonly minutesAfterStart: readonly [number, number] };

interface FieldBase {
  /** snake_case, unique within the schema, stable: it is the storage key and the CSV header. */
  key: string;
  /** Shown in forms, columns and validation messages (`Full name is required`). */
  label: string;
  required?: boolean;
  helpText?: string;
  /** Included in the records list's text search. */
  searchable?: boolean;
  sample?: SampleHint;
  /**
   * A value the server computes from other fields (nights × nightly rate, letter grade from score):
   * never typed, shown read-only, recomputed on every write and read (see formulas.ts).
   */
  derived?: DerivedFormula;
}

/** What a formula may know besides the record: `today` for ages and days-until. */
export interface FormulaContext {
  /** `YYYY-MM-DD` in UTC. */
  today: string;
  /**
   * The records this record's reference fields point at, by reference field key (a reservation's
   * room). The server loads them in the record's scope; where they are not loaded (a form without
   * the target's records, a stored value naming no record), formulas reading them keep the value
   * the record has.
   */
  references?: Readonly<Record<string, Readonly<RecordValues> | null>>;
}

/** A formula's read of a field of the record a reference field points at. */
export interface ReferenceRead {
  /** The reference field of this record. */
  readonly field: string;
  /** The field of the referenced record. */
  readonly targetField: string;
}

/** A derived field's formula: built by `formula.*` in formulas.ts so it is typed and documented. */
export interface DerivedFormula {
  /** The fields it reads, in order (the catalogue checks they exist and come before it). */
  readonly inputs: readonly string[];
  /** Fields of referenced records it reads (the catalogue checks the targets have them). */
  readonly referenceReads?: readonly ReferenceRead[];
  /**
   * Plain words for forms and docs, from the inputs' labels: `Nights × Nightly rate`. A key
   * `room.nightly_rate` names a field of the record a reference points at.
   */
  readonly describe: (labelOf: (key: string) => string) => string;
  /** The value; `undefined` when it cannot be known here (a referenced record not loaded). */
  readonly compute: (values: Readonly<RecordValues>, context: FormulaContext) => RecordValue | undefined;
}

export interface TextFieldDefinition extends FieldBase {
  type: 'text' | 'longText' | 'email' | 'phone' | 'url';
  /** Defaults: text 200, longText 10 000, email 254, phone 32, url 2 048 (see DEFAULT_MAX_LENGTH). */
  maxLength?: number;
}

export interface NumberFieldDefinition extends FieldBase {
  type: 'number' | 'money';
  min?: number;
  max?: number;
  /** Whole numbers only (beds, seats, quantities). Money always allows two decimals. */
  integer?: boolean;
}

export interface DateFieldDefinition extends FieldBase {
  /** date: `YYYY-MM-DD`; dateTime: an ISO 8601 instant stored in UTC (`2026-03-01T09:30:00.000Z`). */
  type: 'date' | 'dateTime';
}

export interface EnumFieldDefinition extends FieldBase {
  type: 'enum';
  options: readonly EnumOption[];
}

export interface BooleanFieldDefinition extends FieldBase {
  type: 'boolean';
}

export interface ReferenceFieldDefinition extends FieldBase {
  type: 'reference';
  /** Stored value is the referenced record's id. */
  reference: ReferenceTarget;
}

export type FieldDefinition =
  | TextFieldDefinition
  | NumberFieldDefinition
  | DateFieldDefinition
  | EnumFieldDefinition
  | BooleanFieldDefinition
  | ReferenceFieldDefinition;

export const DEFAULT_MAX_LENGTH: Readonly<Record<TextFieldDefinition['type'], number>> = {
  text: 200,
  longText: 10_000,
  // RFC 5321 path limit.
  email: 254,
  phone: 32,
  url: 2_048,
};

export function isDerivedField(field: FieldDefinition): boolean {
  return field.derived !== undefined;
}

export function isEnumField(field: FieldDefinition): field is EnumFieldDefinition {
  return field.type === 'enum';
}

export function isReferenceField(field: FieldDefinition): field is ReferenceFieldDefinition {
  return field.type === 'reference';
}

export function isTextField(field: FieldDefinition): field is TextFieldDefinition {
  return (
    field.type === 'text' ||
    field.type === 'longText' ||
    field.type === 'email' ||
    field.type === 'phone' ||
    field.type === 'url'
  );
}

export function isNumberField(field: FieldDefinition): field is NumberFieldDefinition {
  return field.type === 'number' || field.type === 'money';
}

export function isDateField(field: FieldDefinition): field is DateFieldDefinition {
  return field.type === 'date' || field.type === 'dateTime';
}

/** `in_progress` → `In progress`: the default label of an enum value. */
export function labelFromValue(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Enum options from values, labelled from the value unless a label is given (`['gp', 'GP']`). */
export function enumOptions(...values: readonly (string | readonly [string, string])[]): EnumOption[] {
  return values.map((entry) =>
    typeof entry === 'string'
      ? { value: entry, label: labelFromValue(entry) }
      : { value: entry[0], label: entry[1] },
  );
}

/** The label of an enum value, or the value itself when the schema no longer lists it. */
export function enumLabel(field: EnumFieldDefinition, value: string): string {
  return field.options.find((option) => option.value === value)?.label ?? value;
}
