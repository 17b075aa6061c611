import {
  type CrmAnalytics,
  CLOSED_DEAL_STAGES,
  compactUsd,
  DEAL_STAGE_LABELS,
  type Deal,
  FUNNEL_DEAL_STAGES,
  percentChange,
} from '@tessera/data-access/contracts';

/** Fixed funnel colours (docs/product/analytics.md#charts), one per funnel stage. */
export const FUNNEL_COLOURS = ['#2f54eb', '#4c6ef5', '#7c3aed', '#d97706', '#1b7f3b'] as const;

/** Pie slice colours, in order. */
export const SOURCE_COLOURS = [
  '#2f54eb',
  '#1b7f3b',
  '#d97706',
  '#7c3aed',
  '#c62828',
  '#0891b2',
  '#64748b',
  '#db2777',
  '#65a30d',
  '#92400e',
  '#0f766e',
  '#a21caf',
];

/** Sales Funnel (docs/product/analytics.md#charts): deal counts of the first five stages. */
export function funnelCounts(
  deals: readonly Pick<Deal, 'stage'>[],
): Array<{ stage: string; label: string; count: number }> {
  return FUNNEL_DEAL_STAGES.map((stage) => ({
    stage,
    label: DEAL_STAGE_LABELS[stage],
    count: deals.filter((deal) => (deal.stage ?? 'prospecting') === stage).length,
  }));
}

/**
 * Contact Source Breakdown (docs/product/analytics.md#charts): the API's leads per lead source, labelled for the
 * legend (underscores to spaces, no source as "Unknown"), biggest first.
 */
export function sourceBreakdown(
  rows: readonly { source: string; count: number }[],
): Array<{ source: string; count: number }> {
  return rows
    .map((row) => ({
      source: row.source === 'unknown' ? 'Unknown' : row.source.replaceAll('_', ' '),
      count: row.count,
    }))
    .sort((a, b) => b.count - a.count || a.source.localeCompare(b.source));
}

export interface KpiCard {
  id: 'contacts' | 'deals' | 'revenue' | 'conversion';
  title: string;
  value: string;
  /** Signed change against last month, in percent (or points for a rate). */
  change: number;
  trend: string;
}

function signed(value: number, unit: string): string {
  const rounded = Math.round(value * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(1)}${unit}`;
}

/**
 * The KPI card row (docs/product/analytics.md#kpi-cards) from real figures: this month is the last 30 days, last month the
 * 30 days before. Counts of new contacts and new deals give the trend of the totals; revenue is
 * won amounts; conversion compares rates in points.
 */
export function kpiCards(input: {
  totalContacts: number;
  activeDeals: number;
  current: Pick<CrmAnalytics, 'contacts_count' | 'deals_count' | 'revenue' | 'conversion_rate'>;
  previous: Pick<CrmAnalytics, 'contacts_count' | 'deals_count' | 'revenue' | 'conversion_rate'>;
}): KpiCard[] {
  const { current, previous } = input;
  const contactsChange = percentChange(current.contacts_count, previous.contacts_count);
  const dealsChange = percentChange(current.deals_count, previous.deals_count);
  const revenueChange = percentChange(current.revenue, previous.revenue);
  const conversionChange = current.conversion_rate - previous.conversion_rate;
  return [
    {
      id: 'contacts',
      title: 'Total Contacts',
      value: input.totalContacts.toLocaleString('en-US'),
      change: contactsChange,
      trend: `${signed(contactsChange, '%')} new contacts from last month`,
    },
    {
      id: 'deals',
      title: 'Active Deals',
      value: input.activeDeals.toLocaleString('en-US'),
      change: dealsChange,
      trend: `${signed(dealsChange, '%')} new deals from last month`,
    },
    {
      id: 'revenue',
      title: 'Revenue',
      value: compactUsd(current.revenue),
      change: revenueChange,
      trend: `${signed(revenueChange, '%')} from last month`,
    },
    {
      id: 'conversion',
      title: 'Conversion Rate',
      value: `${current.conversion_rate.toFixed(1)}%`,
      change: conversionChange,
      trend: `${signed(conversionChange, ' pts')} from last month`,
    },
  ];
}

/** Deals still in the pipeline (not closed won or lost). */
export const isOpenDeal = (deal: Pick<Deal, 'stage'>): boolean =>
  !CLOSED_DEAL_STAGES.includes(deal.stage ?? 'prospecting');

const DAY_MS = 86_400_000;

/** This month (last 30 days) and last month (the 30 days before), as API ranges. */
export function monthRanges(now: Date): {
  current: { start: string; end: string };
  previous: { start: string; end: string };
} {
  const end = new Date(Math.ceil(now.getTime() / 60_000) * 60_000);
  const start = new Date(end.getTime() - 30 * DAY_MS);
  const previousStart = new Date(start.getTime() - 30 * DAY_MS);
  return {
    current: { start: start.toISOString(), end: end.toISOString() },
    previous: { start: previousStart.toISOString(), end: start.toISOString() },
  };
}

/** Week labels of the leads-per-week chart (`Nov 3`). */
export function weekLabel(weekStart: string): string {
  return new Date(weekStart).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}
