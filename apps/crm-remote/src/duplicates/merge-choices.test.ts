import { mergeChoices } from './merge-choices';

const record = (id: string, values: Record<string, string | null>) => ({
  id,
  label: `${values.first_name ?? values.name ?? ''} ${values.last_name ?? ''}`.trim(),
  detail: values.email ?? null,
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
  });

  it('fills a deal’s empty contact and company from the merged deal', () => {
    const survivor = record('a', { name: 'Renewal', amount: '100', contact_id: null, company_id: null });
    const merged = record('b', {
      name: 'renewal',
      amount: '250',
      contact_id: 'Ada Lovelace',
      company_id: 'Engines',
    });
    expect(mergeChoices('deals', survivor, merged)).toEqual(['contact_id', 'company_id']);
  });
});
