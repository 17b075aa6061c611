import { MODULE_CATALOGUE } from '@tessera/data-access/contracts';
import { matchModules, QUICK_SEARCH_LIMIT } from './match-modules';

describe('matchModules', () => {
  it('matches submodule names, case-insensitively', () => {
    expect(matchModules('PAT', MODULE_CATALOGUE).map((r) => r.label)).toEqual(['Healthcare › Patients']);
  });

  it('matches module names and lists the module before its submodules', () => {
    const labels = matchModules('finance', MODULE_CATALOGUE).map((r) => r.label);
    expect(labels.slice(0, 4)).toEqual([
      'Finance',
      'Finance › Invoicing',
      'Finance › Expenses',
      'Finance › Reporting',
    ]);
  });

  it('matches the parent name for submodules', () => {
    const result = matchModules('hotel', MODULE_CATALOGUE);
    expect(result[0]).toEqual({
      path: '/modules/hotel',
      label: 'Hotel Management',
      category: 'Industry Solutions',
    });
    expect(result.some((r) => r.label === 'Hotel Management › Concierge')).toBe(true);
  });

  it('matches category names', () => {
    const labels = matchModules('business growth', MODULE_CATALOGUE).map((r) => r.label);
    expect(labels[0]).toBe('Marketing');
  });

  it('returns at most 10 results', () => {
    expect(QUICK_SEARCH_LIMIT).toBe(10);
    expect(matchModules('industry', MODULE_CATALOGUE)).toHaveLength(10);
  });

  it('returns nothing for no match or an empty query', () => {
    expect(matchModules('zzz', MODULE_CATALOGUE)).toEqual([]);
    expect(matchModules('   ', MODULE_CATALOGUE)).toEqual([]);
  });

  it('only searches the modules it is given (the visible ones)', () => {
    const crmOnly = MODULE_CATALOGUE.filter((m) => m.id === 'crm');
    expect(matchModules('pat', crmOnly)).toEqual([]);
  });
});
