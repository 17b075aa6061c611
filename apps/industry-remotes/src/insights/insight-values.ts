import {
  compactUsd,
  formatUsd,
  type InsightChartValue,
  type InsightKpiValue,
} from '@tessera/data-access/contracts';

/**
 * docs/product/deals.md#display-rules: amounts are compact USD on cards and chart axes (`$1.3M`), full USD in details; below
 * a thousand the full amount is as short, so it keeps its cents.
 */
export function insightUsd(amount: number): string {
  return Math.abs(amount) < 1000 ? formatUsd(amount) : compactUsd(amount);
}

function isDateOnly(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/** A date KPI: a `YYYY-MM-DD` as that local day, a date-time in local time. */
function formatKpiDate(value: string, locale?: string): string {
  if (isDateOnly(value)) {
    const [year, month, day] = value.split('-').map(Number);
    return new Date(year, month - 1, day).toLocaleDateString(locale, { dateStyle: 'medium' });
  }
  const instant = new Date(value);
  return Number.isNaN(instant.getTime())
    ? value
    : instant.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

export interface KpiDisplay {
  /** What the card shows. */
  text: string;
  /** The exact value (full USD), for the title attribute and screen readers. */
  exact: string;
}

export function kpiDisplay(kpi: InsightKpiValue, locale?: string): KpiDisplay {
  if (kpi.value === null || kpi.value === undefined) return { text: 'None upcoming', exact: 'None upcoming' };
  if (kpi.format === 'date') {
    const text = formatKpiDate(String(kpi.value), locale);
    return { text, exact: text };
  }
  const number = typeof kpi.value === 'number' ? kpi.value : Number(kpi.value);
  if (!Number.isFinite(number)) return { text: String(kpi.value), exact: String(kpi.value) };
  if (kpi.format === 'money') return { text: insightUsd(number), exact: formatUsd(number) };
  const text = number.toLocaleString(locale);
  return { text, exact: text };
}

/** Chart values read in tooltips and the data table: full USD for money. */
export function chartValue(chart: Pick<InsightChartValue, 'format'>, value: number, locale?: string): string {
  return chart.format === 'money' ? formatUsd(value) : value.toLocaleString(locale);
}

/** Axis ticks: compact USD for money, plain numbers otherwise. */
export function chartTick(chart: Pick<InsightChartValue, 'format'>, value: number, locale?: string): string {
  return chart.format === 'money' ? insightUsd(value) : value.toLocaleString(locale);
}

/** The chart kind drawn for an insight: a trend line for months, bars for groups. */
export function chartShape(chart: Pick<InsightChartValue, 'kind'>): 'line' | 'bar' {
  return chart.kind === 'countByMonth' ? 'line' : 'bar';
}

/** `2026-03` month keys as `Mar 2026` in the user's locale; other keys keep the server's label. */
export function pointLabel(key: string, label: string, locale?: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(key);
  if (!month) return label;
  return new Date(Number(month[1]), Number(month[2]) - 1, 1).toLocaleDateString(locale, {
    month: 'short',
    year: 'numeric',
  });
}
