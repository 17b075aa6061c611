import type { CrmReport } from '@tessera/data-access/contracts';
import { reportCsv } from './analytics-csv';
import { bucketLabel, changeText, forecastSeries, monthLabel } from './analytics-format';

const report: CrmReport = {
  period: 'last_7_days',
  start: '2026-11-15T00:00:00.000Z',
  end: '2026-11-22T00:00:00.000Z',
  tiles: {
    revenue: 1000,
    previous_revenue: 500,
    revenue_change_percent: 100,
    conversion_rate: 33.33,
    pipeline_velocity_days: 4.5,
    win_rate: 100,
    deals_count: 3,
    won_created_count: 1,
    won_count: 1,
    lost_count: 0,
    leads_count: 2,
  },
  trends: [{ start: '2026-11-15T00:00:00.000Z', revenue: 1000, leads: 2, deals: 3 }],
  pipeline: {
    by_stage: [{ stage: 'closed_won', label: 'Closed Won', count: 1, amount: 1000 }],
    by_source: [{ source: 'website', deals: 1, won: 1, conversion_rate: 100 }],
  },
  performance: {
    top_performers: [
      { owner_id: 'u', name: 'Ortiz, Sam', deals: 3, won: 1, won_revenue: 1000, win_rate: 100 },
    ],
    activity_breakdown: [{ type: 'call', count: 4 }],
  },
  forecast: {
    method: 'Least-squares "trend"',
    history: [{ month: '2026-10-01', value: 10 }],
    projection: [{ month: '2026-11-01', value: 20 }],
    next_quarter_projection: 60,
    last_quarter_actual: 30,
    growth_rate_percent: 100,
    confidence_percent: 80,
    slope_per_month: 10,
  },
};

describe('analytics export and formatting', () => {
  it('writes through the guarded CSV writer: a seller named like a formula stays text', () => {
    const hostile: CrmReport = {
      ...report,
      performance: {
        ...report.performance,
        top_performers: report.performance.top_performers.map((person) => ({
          ...person,
          name: '=HYPERLINK("http://evil.test")',
        })),
      },
    };
    expect(reportCsv(hostile).split('\r\n')).toContain(
      `Top Performers (won revenue),"'=HYPERLINK(""http://evil.test"")",1000`,
    );
  });

  it('exports the shown figures as section, metric, value rows', () => {
    const lines = reportCsv(report).split('\r\n');
    expect(lines[0]).toBe('Section,Metric,Value');
    expect(lines).toContain('Summary,Total Revenue,1000');
    expect(lines).toContain('Summary,Conversion Rate %,33.33');
    expect(lines).toContain('Top Performers (won revenue),"Ortiz, Sam",1000');
    expect(lines).toContain('Forecast,Method,"Least-squares ""trend"""');
    expect(lines).toContain('Deals by Stage,Closed Won,1');
  });

  it('labels changes, buckets and months', () => {
    expect(changeText(12.345)).toBe('+12.3% from last period');
    expect(changeText(-3)).toBe('-3.0% from last period');
    expect(bucketLabel('2026-11-15T00:00:00.000Z', 'last_7_days')).toBe('Nov 15');
    expect(bucketLabel('2026-11-15T00:00:00.000Z', 'last_year')).toBe('Nov 2026');
    expect(monthLabel('2027-01-01')).toBe('Jan 2027');
  });

  it('joins actual and projected lines at the last actual month', () => {
    expect(forecastSeries(report.forecast.history, report.forecast.projection)).toEqual([
      { month: 'Oct 2026', actual: 10, projected: 10 },
      { month: 'Nov 2026', actual: null, projected: 20 },
    ]);
  });
});
