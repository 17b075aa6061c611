/**
 * One validation for every record of every submodule, run identically by the API (the rule) and
 * the forms (early feedback). It also normalises what forms, JSON bodies and CSV rows send:
 * trimmed text, numbers from numeric strings, `YYYY-MM-DD` dates, UTC ISO date-times, booleans
 * and enum values from their labels.
 */

import {
  DEFAULT_MAX_LENGTH,
  type EnumFieldDefinition,
  type FieldDefinition,
  type FormulaContext,
  type NumberFieldDefinition,
  type RecordValue,
  type RecordValues,
  type TextFieldDefinition,
} from './field-types';
import { todayUtc, withDerivedValues } from './formulas';
import { dateRangesOf, findField, type RecordSchema } from './record-schema';
import { crossFieldErrors } from './rules';
import { EMAIL_ADDRESS_PATTERN } from '../mail';

export interface ValidateRecordOptions {
  /**
   * An update: only the keys present are validated and returned, and absent required fields are
   * not reported. A present key that clears a required field is still refused.
   */
  partial?: boolean;
  /** `YYYY-MM-DD` for formulas and rules that read the date (ages); defaults to today in UTC. */
  today?: string;
  /** The records the reference fields point at, for formulas that read them (see FormulaContext). */
  references?: FormulaContext['references'];
}

export type RecordValidationErrors = Record<string, string>;

export type RecordValidationResult =
  | { ok: true; value: RecordValues }
  | { ok: false; errors: RecordValidationErrors };

export type FieldValidationResult = { ok: true; value: RecordValue } | { ok: false; message: string };

/** The error key used when the input as a whole is unusable (field keys are snake_case, never `_`-led). */
export const RECORD_ERROR_KEY = '_record';

// Phone numbers as people type them: digits with spaces, dots, dashes, brackets and a leading +.
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
const URL_PATTERN = /^https?:\/\/[^\s/?#.]+(\.[^\s/?#.]+)+(:\d+)?([/?#]\S*)?$/i;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
// 1,234,567.89 — thousands separators as spreadsheets export them.
const GROUPED_NUMBER = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const TRUE_WORDS = ['true', 'yes', 'y', '1', 'on'];
const FALSE_WORDS = ['false', 'no', 'n', '0', 'off'];

function isEmpty(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
}

function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

function asText(raw: unknown): string | null {
  if (typeof raw === 'string') return raw.trim();
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  return null;
}

function validateText(field: TextFieldDefinition, raw: unknown): FieldValidationResult {
  const text = asText(raw);
  if (text === null) return { ok: false, message: `${field.label} must be text` };
  const maxLength = field.maxLength ?? DEFAULT_MAX_LENGTH[field.type];
  if (text.length > maxLength)
    return { ok: false, message: `${field.label} must be at most ${maxLength} characters` };
  switch (field.type) {
    case 'email':
      return EMAIL_ADDRESS_PATTERN.test(text)
        ? { ok: true, value: text }
        : { ok: false, message: `${field.label} must be a valid email address` };
    case 'phone': {
      const digits = text.replace(/\D/g, '').length;
      // E.164 allows at most 15 digits; fewer than 5 is no reachable number anywhere.
      return PHONE_PATTERN.test(text) && digits >= 5 && digits <= 15
        ? { ok: true, value: text.replace(/\s+/g, ' ') }
        : { ok: false, message: `${field.label} must be a valid phone number` };
    }
    case 'url': {
      // People paste `www.example.com`; store it as a link that works.
      const url = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
      return URL_PATTERN.test(url)
        ? { ok: true, value: url }
        : { ok: false, message: `${field.label} must be a valid URL` };
    }
    default:
      return { ok: true, value: text };
  }
}

function parseNumber(raw: unknown, isMoney: boolean): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  let text = raw.trim().replace(/\s+/g, '');
  // Exported amounts often carry their currency symbol; the currency itself is the institution's.
  if (isMoney) text = text.replace(/^([+-]?)[$€£¥]/, '$1');
  if (GROUPED_NUMBER.test(text)) text = text.replace(/,/g, '');
  if (!PLAIN_NUMBER.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function validateNumber(field: NumberFieldDefinition, raw: unknown): FieldValidationResult {
  const isMoney = field.type === 'money';
  const parsed = parseNumber(raw, isMoney);
  if (parsed === null) {
    return { ok: false, message: `${field.label} must be ${isMoney ? 'an amount' : 'a number'}` };
  }
  let value = parsed;
  if (field.integer && !Number.isInteger(value))
    return { ok: false, message: `${field.label} must be a whole number` };
  if (isMoney) {
    const cents = value * 100;
    if (Math.abs(cents - Math.round(cents)) > 1e-6) {
      return { ok: false, message: `${field.label} must have at most 2 decimal places` };
    }
    // 0.1 + 0.2 style noise must not be stored.
    value = Math.round(cents) / 100;
  }
  if (field.min !== undefined && value < field.min) {
    return { ok: false, message: `${field.label} must be at least ${field.min}` };
  }
  if (field.max !== undefined && value > field.max) {
    return { ok: false, message: `${field.label} must be at most ${field.max}` };
  }
  return { ok: true, value };
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `YYYY-MM-DD` for a real calendar day, else null. A Date instance gives its UTC day. */
export function parseIsoDate(raw: unknown): string | null {
  if (isValidDate(raw)) return raw.toISOString().slice(0, 10);
  if (typeof raw !== 'string') return null;
  const match = DATE_PATTERN.exec(raw.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  return isCalendarDate(Number(year), Number(month), Number(day)) ? raw.trim() : null;
}

/**
 * A UTC ISO 8601 instant, else null. A date-time without an offset is read as UTC, so the result
 * never depends on the zone of the server or browser doing the parsing.
 */
export function parseIsoDateTime(raw: unknown): string | null {
  if (isValidDate(raw)) return raw.toISOString();
  if (typeof raw !== 'string') return null;
  const match = DATE_TIME_PATTERN.exec(raw.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '0', fraction = '', zone = 'Z'] = match;
  if (!isCalendarDate(Number(year), Number(month), Number(day))) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.replace(':', '');
    const sign = digits.startsWith('-') ? -1 : 1;
    const offsetHours = Number(digits.slice(1, 3));
    const offsetMins = Number(digits.slice(3, 5));
    if (offsetHours > 14 || offsetMins > 59) return null;
    offsetMinutes = sign * (offsetHours * 60 + offsetMins);
  }
  const millis = fraction ? Math.round(Number(`0${fraction}`) * 1000) : 0;
  const utc =
    Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute),
      Number(second),
      millis,
    ) -
    offsetMinutes * 60_000;
  const instant = new Date(utc);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

function validateEnum(field: EnumFieldDefinition, raw: unknown): FieldValidationResult {
  const text = asText(raw);
  if (text !== null) {
    const wanted = text.toLowerCase();
    // Labels are accepted so CSV files written by people ("In progress") import as-is.
    const option =
      field.options.find((candidate) => candidate.value === text) ??
      field.options.find(
        (candidate) => candidate.value.toLowerCase() === wanted || candidate.label.toLowerCase() === wanted,
      );
    if (option) return { ok: true, value: option.value };
  }
  return {
    ok: false,
    message: `${field.label} must be one of: ${field.options.map((option) => option.value).join(', ')}`,
  };
}

function validateBoolean(field: FieldDefinition, raw: unknown): FieldValidationResult {
  if (typeof raw === 'boolean') return { ok: true, value: raw };
  const text = asText(raw)?.toLowerCase();
  if (text !== undefined && TRUE_WORDS.includes(text)) return { ok: true, value: true };
  if (text !== undefined && FALSE_WORDS.includes(text)) return { ok: true, value: false };
  return { ok: false, message: `${field.label} must be true or false` };
}

/**
 * Validates and normalises one present value (the caller handles empty values and `required`).
 * Forms use it for inline feedback on a single input.
 */
export function validateFieldValue(field: FieldDefinition, raw: unknown): FieldValidationResult {
  switch (field.type) {
    case 'text':
    case 'longText':
    case 'email':
    case 'phone':
    case 'url':
      return validateText(field, raw);
    case 'number':
    case 'money':
      return validateNumber(field, raw);
    case 'date': {
      const value = parseIsoDate(raw);
      return value
        ? { ok: true, value }
        : { ok: false, message: `${field.label} must be a valid date (YYYY-MM-DD)` };
    }
    case 'dateTime': {
      const value = parseIsoDateTime(raw);
      return value
        ? { ok: true, value }
        : { ok: false, message: `${field.label} must be a valid date and time (ISO 8601)` };
    }
    case 'enum':
      return validateEnum(field, raw);
    case 'boolean':
      return validateBoolean(field, raw);
    case 'reference': {
      const id = asText(raw);
      return id && id.length <= 100
        ? { ok: true, value: id }
        : { ok: false, message: `${field.label} must be a record id` };
    }
  }
}

/** A comparable instant for a date or date-time value: dates count from their day's start (UTC). */
function instantOf(value: RecordValue): number | null {
  if (typeof value !== 'string') return null;
  return Date.parse(value.length === 10 ? `${value}T00:00:00.000Z` : value);
}

function isPlainObject(input: unknown): input is Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input) && !(input instanceof Date);
}

/**
 * Validates a record for a schema. A full validation (create) returns every field, null where
 * empty; a partial one (update) returns only the keys sent. Keys the schema does not know are
 * refused rather than dropped, so a typo never silently loses data.
 */
export function validateRecord(
  schema: RecordSchema,
  input: unknown,
  options: ValidateRecordOptions = {},
): RecordValidationResult {
  if (!isPlainObject(input)) {
    return {
      ok: false,
      errors: { [RECORD_ERROR_KEY]: `${schema.entityName} must be an object of field values` },
    };
  }
  const partial = options.partial ?? false;
  const errors: RecordValidationErrors = {};
  const value: RecordValues = {};

  for (const [key, raw] of Object.entries(input)) {
    if (raw !== undefined && !findField(schema, key)) errors[key] = `Unknown field: ${key}`;
  }

  for (const field of schema.fields) {
    // Derived values are computed below, whatever a form or a CSV row sent for them.
    if (field.derived) continue;
    const raw = input[field.key];
    const present = Object.hasOwn(input, field.key) && raw !== undefined;
    if (isEmpty(raw)) {
      if (field.required && (!partial || present)) errors[field.key] = `${field.label} is required`;
      else if (!partial || present) value[field.key] = null;
      continue;
    }
    const result = validateFieldValue(field, raw);
    if (result.ok) value[field.key] = result.value;
    else errors[field.key] = result.message;
  }

  for (const range of dateRangesOf(schema)) {
    if (errors[range.startField] || errors[range.endField]) continue;
    const start = instantOf(value[range.startField] ?? null);
    const end = instantOf(value[range.endField] ?? null);
    if (start === null || end === null || end >= start) continue;
    const startLabel = findField(schema, range.startField)?.label ?? range.startField;
    const endLabel = findField(schema, range.endField)?.label ?? range.endField;
    errors[range.endField] = `${endLabel} must be on or after ${startLabel}`;
  }

  // A partial update is checked again as the whole record it makes (the API merges first).
  if (partial) return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
  const context = {
    today: options.today ?? todayUtc(),
    ...(options.references ? { references: options.references } : {}),
  };
  const complete = withDerivedValues(schema, value, context);
  if (Object.keys(errors).length === 0) {
    for (const [key, message] of Object.entries(crossFieldErrors(schema, complete, context))) {
      errors[key] ??= message;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: complete };
}
