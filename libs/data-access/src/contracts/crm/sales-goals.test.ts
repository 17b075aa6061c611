import {
  elapsedFraction,
  goalPeriodLabel,
  goalPeriodRange,
  goalPeriodStartMonth,
  goalProgress,
  goalProgressText,
  goalStartErrors,
  goalTitle,
} from './sales-goals';

describe('goal periods', () => {
  it('finds the period of a month and its UTC range', () => {
    expect(goalPeriodStartMonth('quarter', '2026-11')).toBe('2026-10');
    expect(goalPeriodStartMonth('year', '2026-11')).toBe('2026-01');
    expect(goalPeriodRange('quarter', '2026-10')).toEqual({
      start: '2026-10-01T00:00:00.000Z',
      end: '2027-01-01T00:00:00.000Z',
    });
    expect(goalPeriodLabel('quarter', '2026-10')).toBe('Q4 2026');
    expect(goalPeriodLabel('month', '2026-02')).toBe('February 2026');
    expect(goalPeriodLabel('year', '2026-01')).toBe('2026');
    expect(goalStartErrors('quarter', '2026-11')).toEqual([
      'period_start must be the first month of a quarter',
    ]);
    expect(goalStartErrors('month', '2026-1')).toEqual(['period_start must be a month as YYYY-MM']);
    expect(goalStartErrors('year', '2026-01')).toEqual([]);
  });
});

describe('goal pace', () => {
  const april = goalPeriodRange('month', '2026-04');

  it('measures the elapsed fraction of the period, clamped', () => {
    expect(elapsedFraction(april, new Date('2026-04-16T00:00:00Z'))).toBe(0.5);
    expect(elapsedFraction(april, new Date('2026-03-01T00:00:00Z'))).toBe(0);
    expect(elapsedFraction(april, new Date('2026-06-01T00:00:00Z'))).toBe(1);
  });

  it('is on track at or above target × elapsed, behind below it', () => {
    expect(goalProgress(10_000, 5_000, 0.5)).toEqual({
      actual: 5_000,
      percent: 50,
      expected: 5_000,
      pace: 'on_track',
      achieved: false,
    });
    expect(goalProgress(10_000, 4_999.99, 0.5).pace).toBe('behind');
    expect(goalProgress(3, 1, 0.5)).toEqual(
      expect.objectContaining({ percent: 33.3, expected: 1.5, pace: 'behind' }),
    );
    expect(goalProgress(3, 4, 0.1)).toEqual(
      expect.objectContaining({ percent: 133.3, achieved: true, pace: 'on_track' }),
    );
    // Not begun: nothing expected yet.
    expect(goalProgress(5, 0, 0).pace).toBe('on_track');
  });
});

describe('goal texts', () => {
  it('names a goal and states its progress in its unit', () => {
    expect(goalTitle({ metric: 'won_value', assignee_name: 'Ann Archer', period_label: 'Q4 2026' })).toBe(
      'Won value · Ann Archer · Q4 2026',
    );
    const progress = goalProgress(10_000, 3_500.5, 0.5);
    expect(goalProgressText({ metric: 'won_value', target: 10_000, progress })).toBe(
      '$3,500.50 of $10,000.00 (35%)',
    );
    expect(goalProgressText({ metric: 'deals_won', target: 12, progress: goalProgress(12, 3, 0.1) })).toBe(
      '3 of 12 (25%)',
    );
  });
});
