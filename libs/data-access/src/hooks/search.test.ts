import { searchKeys, searchQueryOptions } from './search';

describe('search query options', () => {
  it('keys the answer by institution first, then the text as typed, trimmed and lower-cased', () => {
    expect(searchQueryOptions('org-1', '  Dana ').queryKey).toEqual(['org-1', 'search', 'dana']);
    expect(searchKeys.all(null)).toEqual(['personal', 'search']);
  });

  it('does not ask the server while the text cannot search', () => {
    expect(searchQueryOptions('org-1', 'd').enabled).toBe(false);
    expect(searchQueryOptions('org-1', '!!').enabled).toBe(false);
    expect(searchQueryOptions('org-1', 'da').enabled).toBe(true);
  });
});
