/**
 * What a records list lets a practitioner work with besides search and sort
 * (docs/product/lists.md): the fields it filters by, the columns it can show, the fields a bulk
 * edit sets, and the personal saved views of a list.
 */

import type { FieldDefinition } from './field-types';
import { findField, type RecordSchema } from './record-schema';

/** Most rows one bulk edit or bulk delete touches (a page of the board or timeline). */
export const RECORDS_BULK_MAX = 500;

/** Fields a list filters by equality (any of the chosen values): enum, reference and yes/no fields. */
export function choiceFilterFields(schema: RecordSchema): FieldDefinition[] {
  return schema.fields.filter(
    (field) => field.type === 'enum' || field.type === 'reference' || field.type === 'boolean',
  );
}

/** Fields a list filters by a date range. */
export function dateFilterFields(schema: RecordSchema): FieldDefinition[] {
  return schema.fields.filter((field) => field.type === 'date' || field.type === 'dateTime');
}

/** Fields a bulk edit can set on many records at once: the enum fields (a status, a priority, a stage). */
export function bulkEditableFields(schema: RecordSchema): FieldDefinition[] {
  return schema.fields.filter((field) => field.type === 'enum');
}

/** Columns a table can show: every field but long text, which does not fit a cell. */
export function choosableColumns(schema: RecordSchema): FieldDefinition[] {
  return schema.fields.filter((field) => field.type !== 'longText');
}

/**
 * The columns to show from a chosen list (`cols=` in the URL, or a saved view): unknown keys are
 * dropped, and an empty or missing choice means the schema's list columns.
 */
export function shownColumns(schema: RecordSchema, chosen: readonly string[] | null): string[] {
  const allowed = new Set(choosableColumns(schema).map((field) => field.key));
  const kept = (chosen ?? []).filter((key) => allowed.has(key));
  return kept.length ? [...new Set(kept)] : [...schema.listColumns];
}

/** `status:a`, `status:b`, `owner:x` → { status: [a, b], owner: [x] }: the API ORs values of one field. */
export function groupFilters(filters: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const filter of filters) {
    const separator = filter.indexOf(':');
    if (separator <= 0) continue;
    const key = filter.slice(0, separator);
    groups.set(key, [...(groups.get(key) ?? []), filter.slice(separator + 1)]);
  }
  return groups;
}

/** Status values that mean a record needs nothing more: it is not "due" any longer. */
const SETTLED_STATUSES = new Set([
  'done',
  'complete',
  'completed',
  'paid',
  'cancelled',
  'canceled',
  'closed',
  'resolved',
  'archived',
  'void',
  'filed',
  'delivered',
  'approved',
  'rejected',
  'dismissed',
  'won',
  'lost',
]);

/** How a submodule's records fall due: the date they are due by and the statuses that settle them. */
export interface DueSource {
  moduleId: string;
  submoduleId: string;
  dueField: string;
  statusField: string | null;
  settledValues: string[];
}

/**
 * A schema with a `due_date` date field has records that fall due; its `status` enum, when it
 * has one, says which are settled. Read from the schemas so a new due list needs no extra hint.
 */
export function dueSourceOf(schema: RecordSchema): DueSource | null {
  const due = findField(schema, 'due_date');
  if (due?.type !== 'date') return null;
  const status = findField(schema, 'status');
  const settledValues =
    status?.type === 'enum'
      ? status.options.map((option) => option.value).filter((value) => SETTLED_STATUSES.has(value))
      : [];
  return {
    moduleId: schema.moduleId,
    submoduleId: schema.submoduleId,
    dueField: due.key,
    statusField: status?.type === 'enum' ? status.key : null,
    settledValues,
  };
}

/** POST …/records/bulk-update: one set of values for every listed record. */
export interface RecordBulkUpdateBody {
  ids: string[];
  data: Record<string, unknown>;
}

/** POST …/records/bulk-delete. */
export interface RecordBulkDeleteBody {
  ids: string[];
}

/** What a bulk edit or delete changed (all or nothing). */
export interface RecordBulkResult {
  count: number;
}

/** A personal saved view of one list: its name and the list's URL parameters. */
export interface SavedListView {
  id: string;
  name: string;
  /** The list's query string without `?` (filters, sort, columns, view). */
  query: string;
  created_at: string;
}

export interface SavedListViewBody {
  name: string;
  query: string;
}

export const SAVED_VIEW_NAME_MAX = 80;
