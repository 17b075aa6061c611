import { keepCompleteInstitutions, selectInstitution } from './institutions';

const acme = { id: 'a', name: 'Acme Corporation', slug: 'acme' };
const northwind = { id: 'n', name: 'Northwind Health', slug: 'northwind' };

describe('selectInstitution (docs/product/institutions.md)', () => {
  it('restores the saved institution when it is in the list', () => {
    expect(selectInstitution([acme, northwind], 'n')).toBe(northwind);
  });
  it('selects the first when none is saved', () => {
    expect(selectInstitution([acme, northwind], null)).toBe(acme);
  });
  it('selects the first when the saved one is not in the list', () => {
    expect(selectInstitution([acme, northwind], 'globex')).toBe(acme);
  });
  it('selects nothing when the list is empty', () => {
    expect(selectInstitution([], 'a')).toBeNull();
  });
});

describe('keepCompleteInstitutions (docs/product/institutions.md#institutions-and-memberships)', () => {
  it('drops institutions without id, name or slug', () => {
    const rows = [
      acme,
      { id: '', name: 'No id', slug: 'x' },
      { id: 'b', name: '', slug: 'y' },
      { id: 'c', name: 'No slug', slug: '' },
    ];
    expect(keepCompleteInstitutions(rows)).toEqual([acme]);
  });
});
