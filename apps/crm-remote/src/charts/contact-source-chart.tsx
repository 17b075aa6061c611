import { logError } from '@tessera/data-access/client';
import { useCrmCharts } from '@tessera/data-access/hooks';
import { Spinner } from '@tessera/ui';
import { useEffect, useMemo } from 'react';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { ChartCard } from './chart-card';
import { SOURCE_COLOURS, sourceBreakdown } from './crm-figures';

/**
 * Contact Source Breakdown (docs/product/analytics.md#charts): a pie with its legend of where leads come from — the
 * spec reads the source from leads, so the figures come from the API's aggregate over every lead, not the contacts.
 */
export function ContactSourceChart() {
  const charts = useCrmCharts();
  useEffect(() => {
    // docs/product/analytics.md#charts: chart load errors are logged only.
    if (charts.isError) logError('Contact source chart failed to load', charts.error, { moduleId: 'crm' });
  }, [charts.isError, charts.error]);
  const data = useMemo(() => sourceBreakdown(charts.data?.lead_sources ?? []), [charts.data]);
  return (
    <ChartCard
      id="contact-sources"
      title="Contact Source Breakdown"
      empty={
        charts.isError ? 'Chart unavailable' : !charts.isPending && data.length === 0 ? 'No leads yet' : null
      }
    >
      {charts.isPending ? (
        <Spinner label="Loading chart" block />
      ) : (
        <div
          role="img"
          aria-label={`Lead sources: ${data.map((row) => `${row.source} ${row.count}`).join(', ')}`}
        >
          <ResponsiveContainer width="100%" height={260}>
            <PieChart>
              <Pie
                data={data}
                dataKey="count"
                nameKey="source"
                innerRadius={45}
                outerRadius={85}
                isAnimationActive={false}
              >
                {data.map((row, index) => (
                  <Cell key={row.source} fill={SOURCE_COLOURS[index % SOURCE_COLOURS.length]} />
                ))}
              </Pie>
              <Tooltip />
              <Legend verticalAlign="bottom" />
            </PieChart>
          </ResponsiveContainer>
        </div>
      )}
    </ChartCard>
  );
}
