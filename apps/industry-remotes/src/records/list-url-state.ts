import {
  availableViews,
  choiceFilterFields,
  dateFilterFields,
  groupFilters,
  shownColumns,
  type RecordSchema,
  type RecordView,
  type SortDirection,
} from '@tessera/data-access/contracts';

/** Rows per table page. */
export const PAGE_SIZE = 25;

/** What the URL holds so a reload (or a shared link) shows the same list. */
export interface ListState {
  view: RecordView;
  search: string;
  sort: string;
  direction: SortDirection;
  /** 1-based. */
  page: number;
  /** `YYYY-MM` of the calendar; empty means the current month. */
  month: string;
  /** Chosen values per filterable field (`f=status:sent&f=status:overdue`); values of one field are alternatives. */
  filters: Record<string, string[]>;
  /** A date range over one date field (`df=due_date&from=…&to=…`); empty when none. */
  dateField: string;
  from: string;
  to: string;
  /** The table's columns (`cols=a,b,c`), or null for the schema's list columns. */
  columns: string[] | null;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads `?view=board&q=ana&sort=due_date&dir=desc&page=2&month=2026-03`, falling back to the
 * schema's defaults for anything missing or not allowed (an unknown view or sort field).
 */
export function readListState(params: URLSearchParams, schema: RecordSchema): ListState {
  const views = availableViews(schema);
  const view = params.get('view') as RecordView | null;
  const sort = params.get('sort');
  const validSort = sort !== null && schema.sortableFields.includes(sort);
  const dir = params.get('dir');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    view: view && views.includes(view) ? view : schema.defaultView,
    search: params.get('q') ?? '',
    sort: validSort ? sort : schema.defaultSort.field,
    direction: dir === 'asc' || dir === 'desc' ? dir : validSort ? 'asc' : schema.defaultSort.direction,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    month: params.get('month') ?? '',
    ...readListTools(params, schema),
  };
}

/** Filters, date range and columns from the URL, dropping fields the schema does not filter by. */
function readListTools(
  params: URLSearchParams,
  schema: RecordSchema,
): Pick<ListState, 'filters' | 'dateField' | 'from' | 'to' | 'columns'> {
  const choice = new Set(choiceFilterFields(schema).map((field) => field.key));
  const filters: Record<string, string[]> = {};
  for (const [key, values] of groupFilters(params.getAll('f'))) {
    if (choice.has(key)) filters[key] = [...new Set(values)];
  }
  const dateField = params.get('df') ?? '';
  const validDate = dateFilterFields(schema).some((field) => field.key === dateField);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const cols = params.get('cols');
  return {
    filters,
    dateField: validDate ? dateField : '',
    from: validDate && ISO_DAY.test(from) ? from : '',
    to: validDate && ISO_DAY.test(to) ? to : '',
    columns: cols ? shownColumns(schema, cols.split(',')) : null,
  };
}

/** The API's `filter` parameters of the chosen filters. */
export function filterParams(state: Pick<ListState, 'filters'>): string[] {
  return Object.entries(state.filters).flatMap(([key, values]) => values.map((value) => `${key}:${value}`));
}

/** How many filters narrow the list (each field with values, and a date range). */
export function activeFilterCount(state: Pick<ListState, 'filters' | 'dateField' | 'from' | 'to'>): number {
  const choices = Object.values(state.filters).filter((values) => values.length > 0).length;
  return choices + (state.dateField && (state.from || state.to) ? 1 : 0);
}

/**
 * The URL parameters of a state, leaving other defaults out so links stay short. Parameters this
 * screen does not own are kept.
 */
export function writeListState(
  current: URLSearchParams,
  state: ListState,
  schema: RecordSchema,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string, fallback: string) => {
    if (value && value !== fallback) next.set(key, value);
    else next.delete(key);
  };
  // The view is always written once the user acts, so a shared link opens the same view even if
  // the schema's default view changes later.
  next.set('view', state.view);
  set('q', state.search.trim(), '');
  const defaultSort = state.sort === schema.defaultSort.field;
  set('sort', state.sort, schema.defaultSort.field);
  set('dir', state.direction, defaultSort ? schema.defaultSort.direction : 'asc');
  set('page', String(state.page), '1');
  set('month', state.month, '');
  next.delete('f');
  for (const filter of filterParams(state)) next.append('f', filter);
  const ranged = state.dateField && (state.from || state.to);
  // The chosen date field is kept before a date is typed: the range then applies to it, not to the first one.
  set('df', state.dateField, '');
  set('from', ranged ? state.from : '', '');
  set('to', ranged ? state.to : '', '');
  const columns = state.columns ? shownColumns(schema, state.columns) : null;
  set('cols', columns && columns.join(',') !== schema.listColumns.join(',') ? columns.join(',') : '', '');
  return next;
}

/** Clicking a column header: a new column sorts ascending, the same column flips direction. */
export function nextSort(
  state: Pick<ListState, 'sort' | 'direction'>,
  field: string,
): Pick<ListState, 'sort' | 'direction'> {
  if (state.sort !== field) return { sort: field, direction: 'asc' };
  return { sort: field, direction: state.direction === 'asc' ? 'desc' : 'asc' };
}

/** `Showing 26–50 of 120`. */
export function pageSummary(page: number, total: number, pageSize = PAGE_SIZE): string {
  if (total === 0) return 'No results';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from}–${to} of ${total}`;
}

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
