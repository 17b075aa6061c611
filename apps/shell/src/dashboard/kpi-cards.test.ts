import { kpiCards, last30Days } from './kpi-cards';

describe('kpiCards', () => {
  it('formats the figures it recognises', () => {
    expect(kpiCards({ total_revenue: 125000, conversion_rate: 23.456, deals: [{}, {}], other: 'x' })).toEqual(
      [
        { label: 'Total Revenue', value: '$125K' },
        { label: 'Conversion Rate', value: '23.5%' },
        { label: 'Deals', value: '2' },
      ],
    );
  });

  it('reads the API\u2019s CrmAnalytics answer', () => {
    const labels = kpiCards({
      revenue: 250000,
      conversion_rate: 25,
      pipeline_value: 90000,
      win_rate: 50,
      deals_count: 8,
      contacts_count: 12,
    }).map((kpi) => kpi.label);
    expect(labels).toEqual([
      'Total Revenue',
      'Pipeline Value',
      'Conversion Rate',
      'Win Rate',
      'Deals',
      'Contacts',
    ]);
  });

  it('reads a nested summary and numeric strings', () => {
    expect(kpiCards({ summary: { pipeline_value: '5000' } })).toEqual([
      { label: 'Pipeline Value', value: '$5K' },
    ]);
  });

  it('hides the block when nothing is recognised', () => {
    expect(kpiCards({ message: 'ok' })).toEqual([]);
    expect(kpiCards(null)).toEqual([]);
  });

  it('spans the last 30 days', () => {
    expect(last30Days(new Date('2026-03-31T12:00:00Z'))).toEqual({ start: '2026-03-01', end: '2026-03-31' });
  });
});
