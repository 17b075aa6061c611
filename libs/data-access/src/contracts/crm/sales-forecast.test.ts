import {
  buildSalesForecast,
  type ForecastDealInput,
  forecastCategoryOf,
  forecastRangeErrors,
  monthsBetween,
  salesForecastCsvRows,
  shiftMonth,
  weightedCents,
} from './sales-forecast';

const deal = (overrides: Partial<ForecastDealInput>): ForecastDealInput => ({
  id: overrides.id ?? 'd',
  name: 'Deal',
  owner_id: 'ann',
  amount: 0,
  stage: 'proposal',
  status: 'open',
  forecast_category: null,
  expected_close_date: '2026-03-10',
  closed_at: null,
  ...overrides,
});

describe('forecast months', () => {
  it('counts months across a year end and validates a range', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(monthsBetween('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(forecastRangeErrors('2026-01', '2026-03')).toEqual({});
    expect(forecastRangeErrors('2026-13', '2026-3')).toEqual({
      from: ['from must be a month as YYYY-MM'],
      to: ['to must be a month as YYYY-MM'],
    });
    expect(forecastRangeErrors('2026-05', '2026-04')).toEqual({ to: ['to must not be before from'] });
    expect(forecastRangeErrors('2026-01', '2028-01').to).toEqual(['the range may span at most 24 months']);
    expect(forecastRangeErrors(undefined, '2026-01').from).toBeDefined();
  });
});

describe('forecast categories and weighting', () => {
  it('derives closed from won, leaves lost out and defaults to pipeline', () => {
    expect(forecastCategoryOf({ status: 'won', forecast_category: 'commit' })).toBe('closed');
    expect(forecastCategoryOf({ status: 'lost', forecast_category: 'commit' })).toBeNull();
    expect(forecastCategoryOf({ status: 'open', forecast_category: null })).toBe('pipeline');
    expect(forecastCategoryOf({ status: 'open', forecast_category: 'best_case' })).toBe('best_case');
  });

  it('weights by the stage probability, rounding half up per deal', () => {
    // 1,000.01 at 25% = 250.0025 → 250.00; 0.10 at 25% = 0.025 → 0.03
    expect(weightedCents(100_001, 'qualification')).toBe(25_000);
    expect(weightedCents(10, 'qualification')).toBe(3);
    expect(weightedCents(12_345, 'negotiation')).toBe(9_259); // 92.5875 → 92.59
    expect(weightedCents(50_000, 'prospecting')).toBe(5_000);
  });
});

describe('buildSalesForecast', () => {
  const deals: ForecastDealInput[] = [
    deal({ id: 'a', owner_id: 'ann', amount: 1000, stage: 'proposal', forecast_category: 'commit' }),
    deal({ id: 'b', owner_id: 'ann', amount: 333.33, stage: 'qualification' }),
    deal({
      id: 'c',
      owner_id: 'bob',
      amount: 2000,
      stage: 'negotiation',
      forecast_category: 'best_case',
      expected_close_date: '2026-04-02',
    }),
    deal({
      id: 'd',
      owner_id: 'bob',
      amount: 500,
      stage: 'closed_won',
      status: 'won',
      closed_at: '2026-03-31T23:59:00Z',
      expected_close_date: '2026-06-01',
    }),
    deal({
      id: 'e',
      owner_id: 'bob',
      amount: 800,
      stage: 'closed_lost',
      status: 'lost',
      expected_close_date: '2026-03-05',
    }),
    deal({ id: 'f', owner_id: 'ann', amount: 900, expected_close_date: null }),
    deal({ id: 'g', owner_id: 'ann', amount: 900, expected_close_date: '2026-05-01' }),
  ];
  const forecast = buildSalesForecast({
    from: '2026-03',
    to: '2026-04',
    currentMonth: '2026-04',
    deals,
    ownerNames: { ann: 'Ann Archer', bob: 'Bob Baker' },
    teams: { id: 'org', name: 'Acme' },
    outcomes: [
      { month: '2026-03', forecast_at_start: null, closed_won: { count: 1, amount: 500 } },
      { month: '2026-04', forecast_at_start: null, closed_won: { count: 0, amount: 0 } },
    ],
  });

  it('puts each deal in its month, owner and category, hand-computed', () => {
    expect(forecast.months).toEqual(['2026-03', '2026-04']);
    const [ann, bob] = forecast.owners;
    expect(ann?.owner_name).toBe('Ann Archer');
    expect(ann?.months[0]?.categories.commit).toEqual({ count: 1, amount: 1000, weighted: 500 });
    // 333.33 × 25% = 83.3325 → 83.33
    expect(ann?.months[0]?.categories.pipeline).toEqual({ count: 1, amount: 333.33, weighted: 83.33 });
    expect(bob?.months[1]?.categories.best_case).toEqual({ count: 1, amount: 2000, weighted: 1500 });
    // Won in March (by close date), counted in full.
    expect(bob?.months[0]?.categories.closed).toEqual({ count: 1, amount: 500, weighted: 500 });
    expect(forecast.totals.total).toEqual({
      pipeline: { count: 1, amount: 333.33, weighted: 83.33 },
      best_case: { count: 1, amount: 2000, weighted: 1500 },
      commit: { count: 1, amount: 1000, weighted: 500 },
      closed: { count: 1, amount: 500, weighted: 500 },
    });
    // Lost, undated and out-of-range deals are left out.
    expect(forecast.deals.map((row) => row.id)).toEqual(['a', 'b', 'd', 'c']);
    expect(forecast.teams?.[0]).toEqual(expect.objectContaining({ team_name: 'Acme', owners: 2 }));
    expect(forecast.past.map((row) => row.month)).toEqual(['2026-03']);
  });

  it('leaves the team roll-up out for non-managers and exports CSV lines', () => {
    const plain = buildSalesForecast({
      from: '2026-03',
      to: '2026-03',
      currentMonth: '2026-03',
      deals,
      ownerNames: {},
      teams: null,
      outcomes: [],
    });
    expect(plain.teams).toBeNull();
    expect(plain.owners[0]?.owner_name).toBe('Unknown owner');
    const rows = salesForecastCsvRows(forecast);
    expect(rows[0]).toEqual(['Owner', 'Month', 'Category', 'Deals', 'Amount', 'Weighted']);
    expect(rows).toContainEqual(['Ann Archer', '2026-03', 'Pipeline', '1', '333.33', '83.33']);
    expect(rows).toContainEqual(['All owners', '2026-04', 'Best case', '1', '2000.00', '1500.00']);
  });
});
