import { compactUsd } from '@tessera/data-access/contracts';
import type { CrmAnalyticsSummary } from '@tessera/data-access/client';

export interface KpiCard {
  label: string;
  value: string;
}

const count = new Intl.NumberFormat('en-US');

function numberOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  if (Array.isArray(value)) return value.length;
  return null;
}

function pick(summary: CrmAnalyticsSummary, keys: readonly string[]): number | null {
  for (const key of keys) {
    const value = numberOf(summary[key]);
    if (value !== null) return value;
  }
  return null;
}

const KPIS: readonly { label: string; keys: readonly string[]; format: (n: number) => string }[] = [
  {
    label: 'Total Revenue',
    keys: ['total_revenue', 'totalRevenue', 'revenue'],
    format: compactUsd,
  },
  { label: 'Pipeline Value', keys: ['pipeline_value', 'pipelineValue'], format: compactUsd },
  {
    label: 'Conversion Rate',
    keys: ['conversion_rate', 'conversionRate'],
    format: (n) => `${n.toFixed(1)}%`,
  },
  { label: 'Win Rate', keys: ['win_rate', 'winRate'], format: (n) => `${n.toFixed(1)}%` },
  {
    label: 'Deals',
    keys: ['total_deals', 'totalDeals', 'deals_count', 'deals'],
    format: (n) => count.format(n),
  },
  {
    label: 'Contacts',
    keys: ['total_contacts', 'totalContacts', 'contacts_count', 'contacts'],
    format: (n) => count.format(n),
  },
];

/**
 * The dashboard's KPI cards from GET /api/crm/analytics. The block shows only the figures the
 * answer has; an answer without any of them hides the block (an empty list).
 */
export function kpiCards(summary: CrmAnalyticsSummary | null | undefined): KpiCard[] {
  if (!summary || typeof summary !== 'object') return [];
  const source = (
    summary.summary && typeof summary.summary === 'object' ? summary.summary : summary
  ) as CrmAnalyticsSummary;
  return KPIS.flatMap(({ label, keys, format }) => {
    const value = pick(source, keys);
    return value === null ? [] : [{ label, value: format(value) }];
  });
}

/** The last 30 days as ISO dates (the analytics range). */
export function last30Days(now: Date = new Date()): { start: string; end: string } {
  const end = new Date(now);
  const start = new Date(now);
  start.setUTCDate(start.getUTCDate() - 30);
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}
