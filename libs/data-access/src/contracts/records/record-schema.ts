/**
 * A RecordSchema describes what one record-keeping submodule stores (Patients, Reservations,
 * Invoices …) and how its records are best shown. The records engine, forms and views read it;
 * nothing about a submodule's records is hard-coded elsewhere.
 */

import type { FieldDefinition, FieldType } from './field-types';
import type { RecordRule } from './rules';

export const RECORD_VIEWS = ['table', 'board', 'calendar', 'timeline'] as const;
export type RecordView = (typeof RECORD_VIEWS)[number];

export type SortDirection = 'asc' | 'desc';

export interface RecordSort {
  field: string;
  direction: SortDirection;
}

export interface RecordSchema {
  moduleId: string;
  /**
   * The submodule whose screen lists these records. A collection that is not a submodule of its
   * module (real-estate `properties`) is embedded by that module's insights screen instead.
   */
  submoduleId: string;
  /** Singular and plural product words: "New Patient", "No patients yet". */
  entityName: string;
  entityNamePlural: string;
  description?: string;
  fields: readonly FieldDefinition[];
  /** The field that names a record (list link text, reference label, page title). */
  titleField: string;
  listColumns: readonly string[];
  defaultSort: RecordSort;
  sortableFields: readonly string[];
  defaultView: RecordView;
  /** An enum field whose options become the board's columns. */
  boardField?: string;
  /** A date or dateTime field placing records on a calendar, with an optional end. */
  calendarField?: string;
  calendarEndField?: string;
  /** Start and end date fields drawing a record as a bar on a timeline (Gantt). */
  timelineStartField?: string;
  timelineEndField?: string;
  /** Domain rules across fields and across records (see rules.ts). */
  rules?: readonly RecordRule[];
}

/** Field types a list can sort by: long text, booleans and references are not meaningfully ordered. */
export const SORTABLE_FIELD_TYPES: readonly FieldType[] = [
  'text',
  'number',
  'money',
  'date',
  'dateTime',
  'enum',
  'email',
  'phone',
  'url',
];

export function findField(schema: RecordSchema, key: string): FieldDefinition | undefined {
  return schema.fields.find((field) => field.key === key);
}

/** The views a schema can offer: always a table, plus each view its hints make possible. */
export function availableViews(schema: RecordSchema): RecordView[] {
  const views: RecordView[] = ['table'];
  if (schema.boardField) views.push('board');
  if (schema.calendarField) views.push('calendar');
  if (schema.timelineStartField && schema.timelineEndField) views.push('timeline');
  return views;
}

export interface DateRange {
  startField: string;
  endField: string;
}

/** The start/end pairs whose order validation enforces (end on or after start). */
export function dateRangesOf(schema: RecordSchema): DateRange[] {
  const ranges: DateRange[] = [];
  const add = (startField: string | undefined, endField: string | undefined): void => {
    if (!startField || !endField) return;
    if (ranges.some((range) => range.startField === startField && range.endField === endField)) return;
    ranges.push({ startField, endField });
  };
  add(schema.calendarField, schema.calendarEndField);
  add(schema.timelineStartField, schema.timelineEndField);
  return ranges;
}

/** The text fields the list's search box matches. */
export function searchableFields(schema: RecordSchema): FieldDefinition[] {
  return schema.fields.filter((field) => field.searchable);
}

/**
 * What a schema file writes: the view hints are optional and the list shape defaults sensibly, so
 * the 70-odd schemas stay short. `defineRecordSchema` fills the rest.
 */
export interface RecordSchemaDraft
  extends Omit<
    RecordSchema,
    'entityNamePlural' | 'listColumns' | 'defaultSort' | 'sortableFields' | 'defaultView'
  > {
  /** Defaults to entityName + "s". */
  entityNamePlural?: string;
  /** Defaults to the first six fields that are not long text. */
  listColumns?: readonly string[];
  /** Defaults to the title field, ascending. */
  defaultSort?: RecordSort;
  /** Defaults to every list column of a sortable type, plus the default sort field. */
  sortableFields?: readonly string[];
  /** Defaults to timeline, calendar, board, table: the first the hints allow. */
  defaultView?: RecordView;
}

export function defineRecordSchema(draft: RecordSchemaDraft): RecordSchema {
  const listColumns =
    draft.listColumns ??
    draft.fields
      .filter((field) => field.type !== 'longText')
      .slice(0, 6)
      .map((field) => field.key);
  const defaultSort = draft.defaultSort ?? { field: draft.titleField, direction: 'asc' };
  const isSortable = (key: string): boolean => {
    const field = draft.fields.find((candidate) => candidate.key === key);
    return field !== undefined && SORTABLE_FIELD_TYPES.includes(field.type);
  };
  // The default sort is always offered, even when its field is not a column.
  const sortableFields =
    draft.sortableFields ?? [...new Set([...listColumns, defaultSort.field])].filter(isSortable);
  const defaultView: RecordView =
    draft.defaultView ??
    (draft.timelineStartField && draft.timelineEndField
      ? 'timeline'
      : draft.calendarField
        ? 'calendar'
        : draft.boardField
          ? 'board'
          : 'table');
  return {
    ...draft,
    entityNamePlural: draft.entityNamePlural ?? `${draft.entityName}s`,
    listColumns,
    defaultSort,
    sortableFields,
    defaultView,
  };
}
