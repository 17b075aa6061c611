import type { Deal } from '@tessera/data-access/contracts';
import { funnelCounts, isOpenDeal, kpiCards, monthRanges, sourceBreakdown } from './crm-figures';

describe('charts and KPI figures', () => {
  it('counts deals in the first five stages only', () => {
    const deals = [
      { stage: 'prospecting' },
      { stage: 'prospecting' },
      { stage: 'negotiation' },
      { stage: 'closed_won' },
      { stage: null },
    ] as unknown as Deal[];
    expect(funnelCounts(deals)).toEqual([
      { stage: 'prospecting', label: 'Prospecting', count: 3 },
      { stage: 'qualification', label: 'Qualification', count: 0 },
      { stage: 'proposal', label: 'Proposal', count: 0 },
      { stage: 'negotiation', label: 'Negotiation', count: 1 },
      { stage: 'closed_won', label: 'Closed Won', count: 1 },
    ]);
    expect(isOpenDeal({ stage: 'closed_lost' })).toBe(false);
    expect(isOpenDeal({ stage: 'proposal' })).toBe(true);
  });
  it('labels the lead sources for the legend, biggest first', () => {
    expect(
      sourceBreakdown([
        { source: 'social_media', count: 1 },
        { source: 'website', count: 2 },
        { source: 'unknown', count: 1 },
      ]),
    ).toEqual([
      { source: 'website', count: 2 },
      { source: 'social media', count: 1 },
      { source: 'Unknown', count: 1 },
    ]);
  });
  it('computes the KPI row against last month', () => {
    const cards = kpiCards({
      totalContacts: 120,
      activeDeals: 30,
      current: { contacts_count: 15, deals_count: 10, revenue: 50_000, conversion_rate: 25 },
      previous: { contacts_count: 10, deals_count: 10, revenue: 40_000, conversion_rate: 30 },
    });
    expect(cards.map((card) => [card.title, card.value, card.trend])).toEqual([
      ['Total Contacts', '120', '+50.0% new contacts from last month'],
      ['Active Deals', '30', '0.0% new deals from last month'],
      ['Revenue', '$50K', '+25.0% from last month'],
      ['Conversion Rate', '25.0%', '-5.0 pts from last month'],
    ]);
  });
  it('splits the last 60 days into this month and last month', () => {
    const ranges = monthRanges(new Date('2026-11-22T12:00:00Z'));
    expect(ranges.current).toEqual({ start: '2026-10-23T12:00:00.000Z', end: '2026-11-22T12:00:00.000Z' });
    expect(ranges.previous).toEqual({ start: '2026-09-23T12:00:00.000Z', end: '2026-10-23T12:00:00.000Z' });
  });
});
