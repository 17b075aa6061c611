import { findRecordSchema } from '@tessera/data-access/contracts';
import { nextSort, pageCount, pageSummary, readListState, writeListState } from './list-url-state';

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
      view: 'board',
      search: 'flu',
      sort: 'status',
      direction: 'desc',
      page: 3,
      month: '',
    } as const;
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
