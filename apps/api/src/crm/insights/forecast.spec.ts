import { addMonths, forecastRevenue, linearTrend } from './forecast';

describe('revenue forecast', () => {
  it('fits a least-squares line and reports R²', () => {
    expect(linearTrend([10, 20, 30, 40])).toEqual({ slope: 10, intercept: 10, r2: 1 });
    const noisy = linearTrend([10, 30, 20, 40]);
    expect(noisy.slope).toBeCloseTo(8);
    expect(noisy.r2).toBeCloseTo(0.64);
    expect(linearTrend([])).toEqual({ slope: 0, intercept: 0, r2: 0 });
    expect(linearTrend([0, 0, 0]).r2).toBe(0);
    expect(linearTrend([5, 5, 5]).r2).toBe(1);
  });

  it('rolls months over year ends', () => {
    expect(addMonths('2026-11-01', 1)).toBe('2026-12-01');
    expect(addMonths('2026-11-01', 3)).toBe('2027-02-01');
  });

  it('projects the next three months, their sum, growth and confidence', () => {
    const history = [100, 200, 300, 400, 500, 600].map((value, index) => ({
      month: addMonths('2026-05-01', index),
      value,
    }));
    const forecast = forecastRevenue(history);
    expect(forecast.projection).toEqual([
      { month: '2026-11-01', value: 700 },
      { month: '2026-12-01', value: 800 },
      { month: '2027-01-01', value: 900 },
    ]);
    expect(forecast.next_quarter_projection).toBe(2400);
    expect(forecast.last_quarter_actual).toBe(1500);
    expect(forecast.growth_rate_percent).toBe(60);
    expect(forecast.confidence_percent).toBe(100);
    expect(forecast.slope_per_month).toBe(100);
    expect(forecast.method).toContain('last 6 complete months');
  });

  it('never projects negative revenue and handles an empty history', () => {
    const falling = forecastRevenue(
      [600, 400, 200, 0, 0, 0].map((value, index) => ({ month: addMonths('2026-01-01', index), value })),
    );
    for (const point of falling.projection) expect(point.value).toBeGreaterThanOrEqual(0);
    const empty = forecastRevenue([]);
    expect(empty.projection).toEqual([]);
    expect(empty.next_quarter_projection).toBe(0);
    expect(empty.growth_rate_percent).toBe(0);
  });
});
