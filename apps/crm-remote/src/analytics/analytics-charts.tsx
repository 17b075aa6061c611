import type { CrmReport } from '@tessera/data-access/contracts';
import type { AnalyticsPeriod } from '@tessera/data-access/contracts';
import { compactUsd, DEAL_STAGE_LABELS } from '@tessera/data-access/contracts';
import { EmptyState } from '@tessera/ui';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { bucketLabel, forecastSeries } from './analytics-format';

/** A fixed palette (funnel colours are a fixed list: docs/product/analytics.md#charts); the pie reuses it. */
export const CHART_COLOURS = ['#2f54eb', '#1b7f3b', '#b7791f', '#7b3fe4', '#c2410c', '#0e7490', '#be185d'];
const HEIGHT = 280;

const money = (value: unknown) => compactUsd(Number(value));

export function RevenueTrendChart({ report, period }: { report: CrmReport; period: AnalyticsPeriod }) {
  const data = report.trends.map((bucket) => ({
    label: bucketLabel(bucket.start, period),
    revenue: bucket.revenue,
  }));
  return (
    <figure aria-label="Revenue trend" style={{ margin: 0 }}>
      <LineChart data={data} responsive width="100%" height={HEIGHT}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" minTickGap={16} />
        <YAxis tickFormatter={money} width={64} />
        <Tooltip formatter={(value) => money(value)} />
        <Line
          type="monotone"
          dataKey="revenue"
          name="Revenue"
          stroke={CHART_COLOURS[0]}
          strokeWidth={2}
          dot={false}
        />
      </LineChart>
    </figure>
  );
}

export function LeadsVersusDealsChart({ report, period }: { report: CrmReport; period: AnalyticsPeriod }) {
  const data = report.trends.map((bucket) => ({
    label: bucketLabel(bucket.start, period),
    leads: bucket.leads,
    deals: bucket.deals,
  }));
  return (
    <figure aria-label="Leads versus deals" style={{ margin: 0 }}>
      <BarChart data={data} responsive width="100%" height={HEIGHT}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" minTickGap={16} />
        <YAxis allowDecimals={false} width={40} />
        <Tooltip />
        <Legend />
        <Bar dataKey="leads" name="Leads" fill={CHART_COLOURS[0]} />
        <Bar dataKey="deals" name="Deals" fill={CHART_COLOURS[1]} />
      </BarChart>
    </figure>
  );
}

export function DealsByStageChart({ report }: { report: CrmReport }) {
  const data = report.pipeline.by_stage.map((stage) => ({
    label: DEAL_STAGE_LABELS[stage.stage],
    count: stage.count,
  }));
  return (
    <figure aria-label="Deals by stage" style={{ margin: 0 }}>
      <BarChart data={data} responsive width="100%" height={HEIGHT}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" interval={0} fontSize={11} angle={-25} textAnchor="end" height={56} />
        <YAxis allowDecimals={false} width={40} />
        <Tooltip />
        <Bar dataKey="count" name="Deals">
          {data.map((entry, index) => (
            <Cell key={entry.label} fill={CHART_COLOURS[index % CHART_COLOURS.length]} />
          ))}
        </Bar>
      </BarChart>
    </figure>
  );
}

/** Slices are won deals per source; the legend carries each source's conversion rate. */
export function ConversionBySourceChart({ report }: { report: CrmReport }) {
  const data = report.pipeline.by_source
    .filter((source) => source.won > 0)
    .map((source) => ({
      name: `${source.source.replaceAll('_', ' ')} (${source.conversion_rate.toFixed(1)}%)`,
      value: source.won,
    }));
  if (data.length === 0)
    return (
      <EmptyState title="No conversions in this period" description="Won deals appear here by source." />
    );
  return (
    <figure aria-label="Conversion by source" style={{ margin: 0 }}>
      <PieChart responsive width="100%" height={HEIGHT}>
        <Pie data={data} dataKey="value" nameKey="name" outerRadius={90} label>
          {data.map((entry, index) => (
            <Cell key={entry.name} fill={CHART_COLOURS[index % CHART_COLOURS.length]} />
          ))}
        </Pie>
        <Tooltip />
        <Legend />
      </PieChart>
    </figure>
  );
}

export function ActivityBreakdownChart({ report }: { report: CrmReport }) {
  const data = report.performance.activity_breakdown.map((row) => ({
    type: row.type.replaceAll('_', ' '),
    count: row.count,
  }));
  if (data.length === 0) return <EmptyState title="No activities in this period" />;
  return (
    <figure aria-label="Activity breakdown" style={{ margin: 0 }}>
      <BarChart data={data} responsive width="100%" height={HEIGHT} layout="vertical">
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} />
        <YAxis type="category" dataKey="type" width={90} />
        <Tooltip />
        <Bar dataKey="count" name="Activities" fill={CHART_COLOURS[3]} />
      </BarChart>
    </figure>
  );
}

export function ForecastChart({ report }: { report: CrmReport }) {
  const data = forecastSeries(report.forecast.history, report.forecast.projection);
  return (
    <figure aria-label="Actual versus projected revenue" style={{ margin: 0 }}>
      <LineChart data={data} responsive width="100%" height={HEIGHT}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="month" />
        <YAxis tickFormatter={money} width={64} />
        <Tooltip formatter={(value) => money(value)} />
        <Legend />
        <Line
          type="monotone"
          dataKey="actual"
          name="Actual"
          stroke={CHART_COLOURS[0]}
          strokeWidth={2}
          connectNulls={false}
        />
        <Line
          type="monotone"
          dataKey="projected"
          name="Projected"
          stroke={CHART_COLOURS[4]}
          strokeWidth={2}
          strokeDasharray="6 4"
          connectNulls={false}
        />
      </LineChart>
    </figure>
  );
}
