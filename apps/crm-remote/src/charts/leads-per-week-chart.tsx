import { logError } from '@tessera/data-access/client';
import { LEADS_PER_WEEK_WINDOW_DAYS } from '@tessera/data-access/contracts';
import { useCrmCharts } from '@tessera/data-access/hooks';
import { Spinner } from '@tessera/ui';
import { useEffect, useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from './chart-card';
import { weekLabel } from './crm-figures';

/** Leads Created per Week over the last 56 days (docs/product/analytics.md#charts), from the API. */
export function LeadsPerWeekChart() {
  const charts = useCrmCharts();
  useEffect(() => {
    // docs/product/analytics.md#charts: chart load errors are logged only.
    if (charts.isError) logError('Leads per week chart failed to load', charts.error, { moduleId: 'crm' });
  }, [charts.isError, charts.error]);
  const data = useMemo(
    () =>
      (charts.data?.leads_per_week ?? []).map((row) => ({
        week: weekLabel(row.week_start),
        count: row.count,
      })),
    [charts.data],
  );
  const total = data.reduce((sum, row) => sum + row.count, 0);
  return (
    <ChartCard
      id="leads-per-week"
      title="Leads Created per Week"
      empty={
        charts.isError
          ? 'Chart unavailable'
          : !charts.isPending && total === 0
            ? `No leads in the last ${LEADS_PER_WEEK_WINDOW_DAYS} days`
            : null
      }
    >
      {charts.isPending ? (
        <Spinner label="Loading chart" block />
      ) : (
        <div
          role="img"
          aria-label={`Leads created per week: ${data.map((row) => `week of ${row.week} ${row.count}`).join(', ')}`}
        >
          <ResponsiveContainer width="100%" height={260}>
            <BarChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="week" tick={{ fontSize: 12 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Bar
                dataKey="count"
                name="Leads"
                fill="#2f54eb"
                radius={[4, 4, 0, 0]}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
    </ChartCard>
  );
}
