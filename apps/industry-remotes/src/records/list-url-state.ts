import {
  availableViews,
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
}

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
  };
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
