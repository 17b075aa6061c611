import { useCrmReport } from '@tessera/data-access/hooks';
import {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  DEFAULT_ANALYTICS_PERIOD,
  formatWholeUsd,
} from '@tessera/data-access/contracts';
import {
  Button,
  Card,
  EmptyState,
  PageHeader,
  Select,
  Spinner,
  Tabs,
  TitledCard,
  DataTable,
  AutoColumns,
} from '@tessera/ui';
import { useState } from 'react';
import styled from 'styled-components';
import type { CrmFilters } from '../shared/crm-tab-props';
import { StatTile, TileGrid } from '../shared/stat-tile';
import { downloadText, reportCsv } from './analytics-csv';
import {
  ActivityBreakdownChart,
  ConversionBySourceChart,
  DealsByStageChart,
  ForecastChart,
  LeadsVersusDealsChart,
  RevenueTrendChart,
} from './analytics-charts';
import { ANALYTICS_PERIOD_LABELS, changeText } from './analytics-format';
import { PanelToolbar } from '../shared/panel-header';

const Toolbar = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-end;
  > div { margin-bottom: 0; }
`;

const Method = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;

export interface CrmAnalyticsProps {
  filters?: CrmFilters;
  /** Show only the forecast (the Sales module's Forecasting screen). */
  forecastOnly?: boolean;
  /** The page title; null when the surrounding page has one. */
  title?: string | null;
}

/** The tiles and tabs of CRM Analytics (docs/product/analytics.md#crm-analytics), all from the period's real rows. */
export function CrmAnalytics({ filters, forecastOnly = false, title = 'CRM Analytics' }: CrmAnalyticsProps) {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const [tab, setTab] = useState(forecastOnly ? 'forecast' : 'trends');
  const report = useCrmReport(period, {
    segment: filters?.segment ?? undefined,
    source: filters?.source ?? undefined,
    stage: filters?.stage ?? undefined,
  });
  const data = report.data;

  const toolbar = (
    <Toolbar>
      <Select
        label="Period"
        value={period}
        options={ANALYTICS_PERIODS.map((value) => ({ value, label: ANALYTICS_PERIOD_LABELS[value] }))}
        onValueChange={(value) => setPeriod(value as AnalyticsPeriod)}
      />
      <Button
        variant="secondary"
        disabled={!data}
        onClick={() => data && downloadText(`crm-analytics-${period}.csv`, reportCsv(data))}
      >
        Export
      </Button>
    </Toolbar>
  );
  const description = `${ANALYTICS_PERIOD_LABELS[period]}${report.isFetching ? ' · updating…' : ''}`;
  // Inside a page that already has its title (the Sales module), only the controls show.
  const header = title ? (
    <PageHeader title={title} description={description} actions={toolbar} />
  ) : (
    <PanelToolbar>
      <p>{description}</p>
      {toolbar}
    </PanelToolbar>
  );

  if (report.isLoading)
    return (
      <>
        {header}
        <Spinner block label="Loading analytics" />
      </>
    );
  if (!data)
    return (
      <>
        {header}
        <EmptyState
          title="Failed to load analytics"
          action={<Button onClick={() => report.refetch()}>Retry</Button>}
        />
      </>
    );

  const forecast = (
    <>
      <TileGrid>
        <StatTile
          label="Next Quarter Projection"
          value={formatWholeUsd(data.forecast.next_quarter_projection)}
          hint={`Last three months: ${formatWholeUsd(data.forecast.last_quarter_actual)}`}
        />
        <StatTile
          label="Growth Rate"
          value={`${data.forecast.growth_rate_percent >= 0 ? '+' : ''}${data.forecast.growth_rate_percent.toFixed(1)}%`}
          hint="Projected quarter vs last three months"
        />
        <StatTile
          label="Confidence"
          value={`${data.forecast.confidence_percent}%`}
          hint="How well the trend fits (R²)"
        />
      </TileGrid>
      <TitledCard title="Actual vs Projected Revenue">
        <Method>{data.forecast.method}</Method>
        <ForecastChart report={data} />
      </TitledCard>
    </>
  );

  if (forecastOnly)
    return (
      <>
        {header}
        {forecast}
      </>
    );

  return (
    <>
      {header}
      <TileGrid>
        <StatTile
          label="Total Revenue"
          value={formatWholeUsd(data.tiles.revenue)}
          hint={changeText(data.tiles.revenue_change_percent)}
        />
        <StatTile
          label="Conversion Rate"
          value={`${data.tiles.conversion_rate.toFixed(1)}%`}
          hint={`${data.tiles.won_created_count} won of ${data.tiles.deals_count} new deals`}
        />
        <StatTile
          label="Pipeline Velocity"
          value={`${data.tiles.pipeline_velocity_days.toFixed(1)} days`}
          hint="Average days to close a won deal"
        />
        <StatTile
          label="Win Rate"
          value={`${data.tiles.win_rate.toFixed(1)}%`}
          hint={`${data.tiles.won_count} won, ${data.tiles.lost_count} lost`}
        />
      </TileGrid>
      <Tabs
        label="Analytics"
        value={tab}
        onValueChange={setTab}
        items={[
          {
            id: 'trends',
            label: 'Trends',
            content: (
              <AutoColumns $min="320px">
                <TitledCard title="Revenue Trend" description="Won deal amounts by close date">
                  <RevenueTrendChart report={data} period={period} />
                </TitledCard>
                <TitledCard title="Leads vs Deals" description="Created in each interval">
                  <LeadsVersusDealsChart report={data} period={period} />
                </TitledCard>
              </AutoColumns>
            ),
          },
          {
            id: 'pipeline',
            label: 'Pipeline',
            content: (
              <AutoColumns $min="320px">
                <TitledCard title="Deals by Stage">
                  <DealsByStageChart report={data} />
                </TitledCard>
                <TitledCard
                  title="Conversion by Source"
                  description="Won deals per source, with the source's conversion rate"
                >
                  <ConversionBySourceChart report={data} />
                </TitledCard>
              </AutoColumns>
            ),
          },
          {
            id: 'performance',
            label: 'Performance',
            content: (
              <AutoColumns $min="320px">
                <TitledCard title="Top Performers" description="By won revenue">
                  {data.performance.top_performers.length === 0 ? (
                    <EmptyState title="No deals in this period" />
                  ) : (
                    <DataTable columns={['Rep', 'Won revenue', 'Won / deals', 'Win rate']}>
                      {data.performance.top_performers.map((person) => (
                        <tr key={person.owner_id}>
                          <td>{person.name}</td>
                          <td>{formatWholeUsd(person.won_revenue)}</td>
                          <td>
                            {person.won} / {person.deals}
                          </td>
                          <td>{person.win_rate.toFixed(1)}%</td>
                        </tr>
                      ))}
                    </DataTable>
                  )}
                </TitledCard>
                <TitledCard title="Activity Breakdown">
                  <ActivityBreakdownChart report={data} />
                </TitledCard>
              </AutoColumns>
            ),
          },
          { id: 'forecast', label: 'Forecast', content: forecast },
        ]}
      />
      <Card as="p" style={{ marginTop: 16, fontSize: 13 }}>
        {new Date(data.start).toLocaleDateString()} – {new Date(data.end).toLocaleDateString()}: revenue, win
        rate and velocity count the deals closed in the period; conversion, leads and deal counts those
        created in it. The revenue change compares the previous period of the same length.
      </Card>
    </>
  );
}
