import type { CrmReport } from '@tessera/data-access/contracts';
import type { AnalyticsPeriod } from '@tessera/data-access/contracts';
import { compactUsd, DEAL_STAGE_LABELS } from '@tessera/data-access/contracts';
import { EmptyState } from '@tessera/ui';
import type { ReactNode } from 'react';
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

/** The period's trend buckets, each labelled by its start (a day, a week or a month). */
const trendSeries = (report: CrmReport, period: AnalyticsPeriod) =>
  report.trends.map((bucket) => ({ ...bucket, label: bucketLabel(bucket.start, period) }));

/** A chart named for screen readers, flush with its card. */
function ChartFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure aria-label={label} style={{ margin: 0 }}>
      {children}
    </figure>
  );
}

export function RevenueTrendChart({ report, period }: { report: CrmReport; period: AnalyticsPeriod }) {
  const data = trendSeries(report, period);
  return (
    <ChartFigure label="Revenue trend">
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
    </ChartFigure>
  );
}

export function LeadsVersusDealsChart({ report, period }: { report: CrmReport; period: AnalyticsPeriod }) {
  const data = trendSeries(report, period);
  return (
    <ChartFigure label="Leads versus deals">
      <BarChart data={data} responsive width="100%" height={HEIGHT}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" minTickGap={16} />
        <YAxis allowDecimals={false} width={40} />
        <Tooltip />
        <Legend />
        <Bar dataKey="leads" name="Leads" fill={CHART_COLOURS[0]} />
        <Bar dataKey="deals" name="Deals" fill={CHART_COLOURS[1]} />
      </BarChart>
    </ChartFigure>
  );
}

export function DealsByStageChart({ report }: { report: CrmReport }) {
  const data = report.pipeline.by_stage.map((stage) => ({
    label: DEAL_STAGE_LABELS[stage.stage],
    count: stage.count,
  }));
  return (
    <ChartFigure label="Deals by stage">
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
    </ChartFigure>
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
    <ChartFigure label="Conversion by source">
      <PieChart responsive width="100%" height={HEIGHT}>
        <Pie data={data} dataKey="value" nameKey="name" outerRadius={90} label>
          {data.map((entry, index) => (
            <Cell key={entry.name} fill={CHART_COLOURS[index % CHART_COLOURS.length]} />
          ))}
        </Pie>
        <Tooltip />
        <Legend />
      </PieChart>
    </ChartFigure>
  );
}

export function ActivityBreakdownChart({ report }: { report: CrmReport }) {
  const data = report.performance.activity_breakdown.map((row) => ({
    type: row.type.replaceAll('_', ' '),
    count: row.count,
  }));
  if (data.length === 0) return <EmptyState title="No activities in this period" />;
  return (
    <ChartFigure label="Activity breakdown">
      <BarChart data={data} responsive width="100%" height={HEIGHT} layout="vertical">
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} />
        <YAxis type="category" dataKey="type" width={90} />
        <Tooltip />
        <Bar dataKey="count" name="Activities" fill={CHART_COLOURS[3]} />
      </BarChart>
    </ChartFigure>
  );
}

export function ForecastChart({ report }: { report: CrmReport }) {
  const data = forecastSeries(report.forecast.history, report.forecast.projection);
  return (
    <ChartFigure label="Actual versus projected revenue">
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
    </ChartFigure>
  );
}
