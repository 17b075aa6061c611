import {
  enumLabel,
  type FieldDefinition,
  formatUsd,
  parseIsoDate,
  type RecordValue,
} from '@tessera/data-access/contracts';

/**
 * A `YYYY-MM-DD` date as a local calendar day: built from its parts, never parsed as UTC
 * midnight, so it cannot show as the day before west of Greenwich.
 */
export function dateFromIsoDay(value: string): Date | null {
  const day = parseIsoDate(value);
  if (!day) return null;
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/** A date in the user's locale (`Mar 4, 2026` in en-US, `4 mars 2026` in fr-FR). */
export function formatDate(value: string, locale?: string): string {
  const date = dateFromIsoDay(value);
  return date ? date.toLocaleDateString(locale, { dateStyle: 'medium' }) : value;
}

/** A UTC instant in the user's local time and locale. */
export function formatDateTime(value: string, locale?: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  return instant.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * How a stored value reads in tables, cards and details. References show the referenced record's
 * title from the page's `labels` (the id only when the record is gone).
 */
export function formatFieldValue(
  field: FieldDefinition,
  value: RecordValue | undefined,
  labels: Readonly<Record<string, string>> = {},
  locale?: string,
): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (field.type) {
    case 'money':
      return typeof value === 'number' ? formatUsd(value) : String(value);
    case 'number':
      return typeof value === 'number' ? value.toLocaleString(locale) : String(value);
    case 'date':
      return formatDate(String(value), locale);
    case 'dateTime':
      return formatDateTime(String(value), locale);
    case 'enum':
      return enumLabel(field, String(value));
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    case 'reference':
      return labels[String(value)] ?? String(value);
    default:
      return String(value);
  }
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A UTC instant as the value of `<input type="datetime-local">`, in the user's local time. */
export function toLocalDateTimeInput(value: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}T${pad(
    instant.getHours(),
  )}:${pad(instant.getMinutes())}`;
}

/**
 * A `datetime-local` value (local wall time, no offset) as a UTC instant. Validation reads an
 * offset-less date-time as UTC, so the form must convert before validating or sending.
 */
export function fromLocalDateTimeInput(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return value;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? '0'));
  const local = new Date(year, month - 1, day, hour, minute, second);
  return Number.isNaN(local.getTime()) ? value : local.toISOString();
}

/** The user's local calendar day of a date or date-time value as `YYYY-MM-DD`. */
export function localDayKey(value: RecordValue | undefined, type: 'date' | 'dateTime'): string | null {
  if (typeof value !== 'string' || !value) return null;
  if (type === 'date') return parseIsoDate(value);
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  return dayKeyOf(instant);
}

/** `YYYY-MM-DD` of a local Date. */
export function dayKeyOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
