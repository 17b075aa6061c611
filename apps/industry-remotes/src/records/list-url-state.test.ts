import { findRecordSchema } from '@tessera/data-access/contracts';
import {
  activeFilterCount,
  filterParams,
  type ListState,
  nextSort,
  pageCount,
  pageSummary,
  readListState,
  writeListState,
} from './list-url-state';

const schema = findRecordSchema('healthcare', 'appointments');
if (!schema) throw new Error('healthcare/appointments schema missing');

describe('list URL state', () => {
  it('falls back to the schema defaults', () => {
    expect(readListState(new URLSearchParams(''), schema)).toEqual({
      view: schema.defaultView,
      search: '',
      sort: schema.defaultSort.field,
      direction: schema.defaultSort.direction,
      page: 1,
      month: '',
      filters: {},
      dateField: '',
      from: '',
      to: '',
      columns: null,
    });
  });

  it('refuses views the schema cannot draw and unknown sort fields', () => {
    const state = readListState(new URLSearchParams('view=timeline&sort=password&page=-3'), schema);
    expect(state.view).toBe(schema.defaultView);
    expect(state.sort).toBe(schema.defaultSort.field);
    expect(state.page).toBe(1);
  });

  it('round-trips a state and leaves defaults and foreign params alone', () => {
    const state = {
      view: 'board' as const,
      search: 'flu',
      sort: 'status',
      direction: 'desc' as const,
      page: 3,
      month: '',
      filters: { status: ['scheduled', 'confirmed'], type: ['follow_up'] },
      dateField: 'start_time',
      from: '2026-03-01',
      to: '2026-03-31',
      columns: ['reason', 'status'],
    } satisfies ListState;
    const params = writeListState(new URLSearchParams('keep=1'), state, schema);
    expect(params.get('keep')).toBe('1');
    expect(readListState(params, schema)).toEqual(state);
    const defaults = writeListState(
      new URLSearchParams(),
      readListState(new URLSearchParams(), schema),
      schema,
    );
    expect(defaults.toString()).toBe(`view=${schema.defaultView}`);
  });

  it('keeps filters, a date range and columns in the URL, dropping what the schema does not offer', () => {
    const state = readListState(
      new URLSearchParams(
        'f=status:scheduled&f=status:confirmed&f=reason:flu&f=bad&df=start_time&from=2026-01-01&to=soon&cols=reason,password,status',
      ),
      schema,
    );
    expect(state.filters).toEqual({ status: ['scheduled', 'confirmed'] });
    expect(filterParams(state)).toEqual(['status:scheduled', 'status:confirmed']);
    expect([state.dateField, state.from, state.to]).toEqual(['start_time', '2026-01-01', '']);
    expect(state.columns).toEqual(['reason', 'status']);
    expect(activeFilterCount(state)).toBe(2);
    const written = writeListState(
      new URLSearchParams(),
      { ...state, columns: [...schema.listColumns] },
      schema,
    );
    expect(written.getAll('f')).toEqual(['status:scheduled', 'status:confirmed']);
    expect(written.get('cols')).toBeNull();
  });

  it('keeps the chosen date field before a date is typed, so the range then applies to it', () => {
    const chosen = readListState(new URLSearchParams(), schema);
    const written = writeListState(new URLSearchParams(), { ...chosen, dateField: 'start_time' }, schema);
    expect(written.get('df')).toBe('start_time');
    expect(written.get('from')).toBeNull();
    const reread = readListState(written, schema);
    expect(reread.dateField).toBe('start_time');
    // No range yet: nothing is filtered.
    expect(activeFilterCount(reread)).toBe(0);
  });

  it('sorts a new column ascending and flips the current one', () => {
    expect(nextSort({ sort: 'a', direction: 'desc' }, 'b')).toEqual({ sort: 'b', direction: 'asc' });
    expect(nextSort({ sort: 'b', direction: 'asc' }, 'b')).toEqual({ sort: 'b', direction: 'desc' });
  });

  it('summarises pages', () => {
    expect(pageSummary(2, 60)).toBe('Showing 26–50 of 60');
    expect(pageSummary(3, 60)).toBe('Showing 51–60 of 60');
    expect(pageSummary(1, 0)).toBe('No results');
    expect(pageCount(0)).toBe(1);
    expect(pageCount(51)).toBe(3);
  });
});
