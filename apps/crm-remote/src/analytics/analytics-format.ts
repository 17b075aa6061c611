import type { AnalyticsPeriod } from '@tessera/data-access/contracts';

export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  last_90_days: 'Last 90 days',
  last_year: 'Last year',
};

/** "+12.5% from last period" / "-3.0% from last period". */
export function changeText(percent: number): string {
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)}% from last period`;
}

/** Bucket start as a short axis label: "Nov 22", or "Nov 2026" for a year of months. */
export function bucketLabel(iso: string, period: AnalyticsPeriod): string {
  const date = new Date(iso);
  return period === 'last_year'
    ? date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "2026-11-01" → "Nov 2026". */
export function monthLabel(month: string): string {
  return new Date(`${month}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Actual and projected on one axis: history carries `actual`, the projection `projected`, and
 * the last actual month carries both so the two lines meet.
 */
export function forecastSeries(
  history: ReadonlyArray<{ month: string; value: number }>,
  projection: ReadonlyArray<{ month: string; value: number }>,
): Array<{ month: string; actual: number | null; projected: number | null }> {
  const rows = history.map((point, index) => ({
    month: monthLabel(point.month),
    actual: point.value,
    projected: index === history.length - 1 && projection.length > 0 ? point.value : null,
  }));
  return [
    ...rows,
    ...projection.map((point) => ({ month: monthLabel(point.month), actual: null, projected: point.value })),
  ];
}
