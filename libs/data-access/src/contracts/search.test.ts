import {
  flattenSearchResults,
  prefixTsQuery,
  recordPath,
  SEARCH_MAX_TERMS,
  type SearchResults,
  searchTerms,
} from './search';

describe('searchTerms', () => {
  it('splits on punctuation and spaces, lower-cased, as the search documents do', () => {
    expect(searchTerms('Dana.Reyes@Acme')).toEqual(['dana', 'reyes', 'acme']);
    expect(searchTerms("O'Brien +1 555-0100")).toEqual(['o', 'brien', '1', '555', '0100']);
  });

  it('keeps letters of every alphabet and drops repeated words', () => {
    expect(searchTerms('Zoë zoë Łódź')).toEqual(['zoë', 'łódź']);
  });

  it('keeps at most the first words', () => {
    const many = Array.from({ length: 20 }, (_, index) => `w${index}`).join(' ');
    expect(searchTerms(many)).toHaveLength(SEARCH_MAX_TERMS);
  });
});

describe('prefixTsQuery', () => {
  it('asks for every word as a prefix', () => {
    expect(prefixTsQuery('dan rey')).toBe('dan:* & rey:*');
  });

  it('cannot be steered by tsquery operators typed into the box', () => {
    expect(prefixTsQuery("ab | !cd & ef:* <-> '")).toBe('ab:* & cd:* & ef:*');
  });

  it('searches nothing for text too short or without words', () => {
    expect(prefixTsQuery('a')).toBeNull();
    expect(prefixTsQuery(' a ')).toBeNull();
    expect(prefixTsQuery('&&!!')).toBeNull();
  });
});

describe('recordPath', () => {
  it('opens a record beneath its submodule', () => {
    expect(recordPath('healthcare', 'patients', 'p1')).toBe('/modules/healthcare/patients/p1');
  });

  it('opens a collection an overview embeds beneath that overview', () => {
    expect(recordPath('real-estate', 'properties', 'x')).toBe('/modules/real-estate/overview/properties/x');
  });
});

describe('flattenSearchResults', () => {
  it('lists hits group by group, in order', () => {
    const hit = (id: string) => ({
      id,
      kind: 'record' as const,
      kind_label: 'Patient',
      title: id,
      subtitle: '',
      path: `/p/${id}`,
      rank: 1,
    });
    const results: SearchResults = {
      groups: [
        { module_id: 'crm', module_name: 'CRM', hits: [hit('a'), hit('b')] },
        { module_id: 'healthcare', module_name: 'Healthcare', hits: [hit('c')] },
      ],
    };
    expect(
      flattenSearchResults(results).map(({ group, hit: found }) => `${group.module_id}:${found.id}`),
    ).toEqual(['crm:a', 'crm:b', 'healthcare:c']);
  });
});
