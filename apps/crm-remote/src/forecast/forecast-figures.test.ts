import { emptyCategoryFigures } from '@tessera/data-access/contracts';
import { canSetForecastCategory, cellAmount, defaultForecastRange, monthLabel } from './forecast-figures';

describe('forecast figures', () => {
  it('adds the open categories’ weighted amounts exactly, or shows one category', () => {
    const figures = emptyCategoryFigures();
    figures.pipeline = { count: 1, amount: 0.3, weighted: 0.1 };
    figures.best_case = { count: 1, amount: 0.6, weighted: 0.2 };
    figures.closed = { count: 1, amount: 500, weighted: 500 };
    expect(cellAmount(figures, 'weighted')).toBe(0.3);
    expect(cellAmount(figures, 'closed')).toBe(500);
    expect(cellAmount(figures, 'best_case')).toBe(0.6);
  });

  it('opens on this month and the next two, labelled by month', () => {
    expect(defaultForecastRange(new Date('2026-11-27T15:00:00Z'))).toEqual({
      from: '2026-11',
      to: '2027-01',
    });
    expect(monthLabel('2027-01')).toBe('Jan 2027');
  });

  it('lets the owner or a CRM admin set an open deal’s category', () => {
    expect(canSetForecastCategory({ owner_id: 'ann', category: 'pipeline' }, 'ann', false)).toBe(true);
    expect(canSetForecastCategory({ owner_id: 'ann', category: 'pipeline' }, 'bob', false)).toBe(false);
    expect(canSetForecastCategory({ owner_id: 'ann', category: 'commit' }, 'bob', true)).toBe(true);
    expect(canSetForecastCategory({ owner_id: 'ann', category: 'closed' }, 'ann', true)).toBe(false);
  });
});
