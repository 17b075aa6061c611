import { mergeChoices, personName } from './merge-choices';

const record = (id: string, values: Record<string, string | null>) => ({
  id,
  values,
  created_at: '2026-01-01T00:00:00Z',
});

describe('merge choices', () => {
  it('keeps the survivor’s values and fills its empty fields from the merged record', () => {
    const survivor = record('a', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: null,
      company: '',
    });
    const merged = record('b', {
      first_name: 'Ada',
      last_name: 'L.',
      email: 'ada@example.com',
      phone: '555',
      company: 'Engines',
    });
    expect(mergeChoices('contacts', survivor, merged)).toEqual(['phone', 'company']);
    expect(personName(survivor)).toBe('Ada Lovelace');
  });
});
