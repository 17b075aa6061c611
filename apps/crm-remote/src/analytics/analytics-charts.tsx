import type { CrmReport } from '@tessera/data-access/contracts';
import type { AnalyticsPeriod } from '@tessera/data-access/contracts';
import { compactUsd, DEAL_STAGE_LABELS } from '@tessera/data-access/contracts';
import { EmptyState } from '@tessera/ui';
import type { ComponentProps, ReactNode } from 'react';
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
  type TooltipProps,
  XAxis,
  type XAxisProps,
  YAxis,
  type YAxisProps,
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

/** How each chart's values read: money with currency ticks, or whole counts. */
const VALUE_AXES = {
  money: {
    yAxis: { tickFormatter: money, width: 64 },
    tooltip: { formatter: (value: unknown) => money(value) },
  },
  count: { yAxis: { allowDecimals: false, width: 40 }, tooltip: {} },
} satisfies Record<string, { yAxis: YAxisProps; tooltip: TooltipProps<number, string> }>;

/** How a revenue line is drawn: a smooth curve, two pixels wide. */
const REVENUE_LINE = { type: 'monotone', strokeWidth: 2 } as const;

/** The period's trend buckets along the axis, labelled by their start. */
const TREND_AXIS: XAxisProps = { dataKey: 'label', minTickGap: 16 };

/** A line or bar chart over categories: the grid, the axes and the tooltip every one of them has. */
function AxisChart({
  chart: Chart,
  values,
  label,
  data,
  xAxis,
  legend = false,
  children,
}: {
  chart: typeof LineChart | typeof BarChart;
  values: keyof typeof VALUE_AXES;
  label: string;
  data: object[];
  /** The category axis: what each chart names and how its ticks fit. */
  xAxis: XAxisProps;
  legend?: boolean;
  children: ReactNode;
}) {
  const { yAxis, tooltip } = VALUE_AXES[values];
  return (
    <ChartFigure label={label}>
      <Chart data={data} responsive width="100%" height={HEIGHT}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis {...xAxis} />
        <YAxis {...yAxis} />
        <Tooltip {...tooltip} />
        {legend && <Legend />}
        {children}
      </Chart>
    </ChartFigure>
  );
}

/** What a trend chart draws: the report's trend buckets over the period picked. */
type Trend = { report: CrmReport; period: AnalyticsPeriod };

/** An axis chart of the period's trend buckets, each labelled by its start along the axis. */
function TrendChart({
  trend: { report, period },
  ...chart
}: { trend: Trend } & Omit<ComponentProps<typeof AxisChart>, 'data' | 'xAxis'>) {
  return <AxisChart {...chart} data={trendSeries(report, period)} xAxis={TREND_AXIS} />;
}

export function RevenueTrendChart(trend: Trend) {
  return (
    <TrendChart trend={trend} chart={LineChart} values="money" label="Revenue trend">
      <Line {...REVENUE_LINE} dataKey="revenue" name="Revenue" stroke={CHART_COLOURS[0]} dot={false} />
    </TrendChart>
  );
}

export function LeadsVersusDealsChart(trend: Trend) {
  return (
    <TrendChart trend={trend} chart={BarChart} values="count" label="Leads versus deals" legend>
      <Bar dataKey="leads" name="Leads" fill={CHART_COLOURS[0]} />
      <Bar dataKey="deals" name="Deals" fill={CHART_COLOURS[1]} />
    </TrendChart>
  );
}

export function DealsByStageChart({ report }: { report: CrmReport }) {
  const data = report.pipeline.by_stage.map((stage) => ({
    label: DEAL_STAGE_LABELS[stage.stage],
    count: stage.count,
  }));
  return (
    <AxisChart
      chart={BarChart}
      values="count"
      label="Deals by stage"
      data={data}
      xAxis={{ dataKey: 'label', interval: 0, fontSize: 11, angle: -25, textAnchor: 'end', height: 56 }}
    >
      <Bar dataKey="count" name="Deals">
        {data.map((entry, index) => (
          <Cell key={entry.label} fill={CHART_COLOURS[index % CHART_COLOURS.length]} />
        ))}
      </Bar>
    </AxisChart>
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
  return (
    <AxisChart
      chart={LineChart}
      values="money"
      label="Actual versus projected revenue"
      data={forecastSeries(report.forecast.history, report.forecast.projection)}
      xAxis={{ dataKey: 'month' }}
      legend
    >
      <Line {...REVENUE_LINE} dataKey="actual" name="Actual" stroke={CHART_COLOURS[0]} connectNulls={false} />
      <Line
        {...REVENUE_LINE}
        dataKey="projected"
        name="Projected"
        stroke={CHART_COLOURS[4]}
        strokeDasharray="6 4"
        connectNulls={false}
      />
    </AxisChart>
  );
}
