import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type AnalyticsPeriod,
  type CrmReport,
  type CrmReportFilters,
  conversionRate,
  DEAL_STAGE_LABELS,
  DEAL_STAGES,
  type DealStage,
  type ForecastPoint,
  type RevenueForecast,
  DEFAULT_ANALYTICS_PERIOD,
  FILTER_SEGMENT_SCORE_RANGES,
  FILTER_SOURCE_LEAD_SOURCES,
  LEAD_STAGE_DEAL_STAGES,
  percentChange,
  periodRange,
  winRate,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { scopeSql } from '../../access/scoped-query';
import { addMonths, FORECAST_HISTORY_MONTHS, forecastRevenue } from './forecast';

/** Extra AND conditions on one alias, numbered from `first`. */
export function filterSql(
  filters: CrmReportFilters,
  alias: 'd' | 'l',
  first: number,
): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const next = (value: unknown) => {
    params.push(value);
    return `$${first + params.length - 1}`;
  };
  if (filters.source) {
    const sources = [filters.source, ...FILTER_SOURCE_LEAD_SOURCES[filters.source]];
    parts.push(
      alias === 'd'
        ? `${alias}.lead_source = ANY(${next(sources)}::text[])`
        : `(${alias}.source = ${next(filters.source)} OR ${alias}.lead_source = ANY(${next(sources)}::text[]))`,
    );
  }
  if (filters.stage)
    parts.push(
      alias === 'd'
        ? `${alias}.stage = ANY(${next(LEAD_STAGE_DEAL_STAGES[filters.stage])}::text[])`
        : `${alias}.stage = ${next(filters.stage)}`,
    );
  if (filters.segment) {
    const [min, max] = FILTER_SEGMENT_SCORE_RANGES[filters.segment];
    const score = alias === 'd' ? 'coalesce(d.probability, 0)' : 'l.lead_score';
    parts.push(`${score} BETWEEN ${next(min)}::int AND ${next(max)}::int`);
  }
  return { sql: parts.map((part) => ` AND ${part}`).join(''), params };
}

/** How each period is cut into equal buckets for the trend charts. */
export const PERIOD_BUCKETS: Record<AnalyticsPeriod, number> = {
  last_7_days: 7,
  last_30_days: 30,
  last_90_days: 13,
  last_year: 12,
};

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** When a closed deal closed (closed_at is set by the stage trigger; older rows fall back). */
const CLOSED_AT = 'coalesce(d.closed_at, d.updated_at)';
const CREATED_IN = 'd.created_at >= $1 AND d.created_at < $2';
const CLOSED_IN = `d.stage IN ('closed_won', 'closed_lost') AND ${CLOSED_AT} >= $1 AND ${CLOSED_AT} < $2`;

/**
 * CRM Analytics (docs/product/analytics.md#crm-analytics) with the formulas of docs/product/analytics.md#formulas over the period: revenue = amounts of deals
 * won (closed) in it; conversion = won ÷ total of the deals created in it; win rate = won ÷
 * (won + lost) of the deals closed in it; velocity = average days from creation to close of the
 * deals won in it. Leads, activities, the stage chart and the deal counts go by creation date.
 */
@Injectable()
export class CrmReportService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async report(
    scope: TenantScope,
    period: AnalyticsPeriod = DEFAULT_ANALYTICS_PERIOD,
    filters: CrmReportFilters = {},
    now = new Date(),
  ): Promise<CrmReport> {
    const { start, end } = periodRange(period, now);
    const previousStart = new Date(start.getTime() - (end.getTime() - start.getTime()));
    const buckets = PERIOD_BUCKETS[period];
    const bucketSeconds = (end.getTime() - start.getTime()) / buckets / 1000;
    const dealScope = scopeSql(scope, 'd', 3);
    const dealFilter = filterSql(filters, 'd', 3 + dealScope.params.length);
    const deals = {
      sql: dealScope.sql + dealFilter.sql,
      params: [...dealScope.params, ...dealFilter.params],
    };
    const leadScope = scopeSql(scope, 'l', 3);
    const leadFilter = filterSql(filters, 'l', 3 + leadScope.params.length);
    const leads = {
      sql: leadScope.sql + leadFilter.sql,
      params: [...leadScope.params, ...leadFilter.params],
    };
    const activities = scopeSql(scope, 'a', 3);
    const range = [start, end];

    const [figures]: Array<Record<string, string | null>> = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE ${CREATED_IN}) AS deals,
              count(*) FILTER (WHERE ${CREATED_IN} AND d.stage = 'closed_won') AS won_created,
              count(*) FILTER (WHERE ${CLOSED_IN} AND d.stage = 'closed_won') AS won,
              count(*) FILTER (WHERE ${CLOSED_IN} AND d.stage = 'closed_lost') AS lost,
              coalesce(sum(d.amount) FILTER (WHERE ${CLOSED_IN} AND d.stage = 'closed_won'), 0) AS revenue,
              avg(extract(epoch FROM (${CLOSED_AT} - d.created_at)) / 86400)
                FILTER (WHERE ${CLOSED_IN} AND d.stage = 'closed_won') AS velocity
         FROM crm_deals d WHERE ${deals.sql} AND (${CREATED_IN} OR ${CLOSED_IN})`,
      [...range, ...deals.params],
    );
    const [previous]: Array<{ revenue: string }> = await this.dataSource.query(
      `SELECT coalesce(sum(d.amount), 0) AS revenue
         FROM crm_deals d WHERE ${deals.sql} AND d.stage = 'closed_won' AND ${CLOSED_IN}`,
      [previousStart, start, ...deals.params],
    );
    const [{ count: leadsCount }]: Array<{ count: string }> = await this.dataSource.query(
      `SELECT count(*) FROM crm_leads l WHERE ${leads.sql} AND l.created_at >= $1 AND l.created_at < $2`,
      [...range, ...leads.params],
    );

    const bucketOf = (column: string) =>
      `floor(extract(epoch FROM (${column} - $1::timestamptz)) / ${bucketSeconds})::int`;
    const dealBuckets: Array<{ bucket: number; deals: string }> = await this.dataSource.query(
      `SELECT ${bucketOf('d.created_at')} AS bucket, count(*) AS deals
         FROM crm_deals d WHERE ${deals.sql} AND ${CREATED_IN} GROUP BY 1`,
      [...range, ...deals.params],
    );
    const revenueBuckets: Array<{ bucket: number; revenue: string }> = await this.dataSource.query(
      `SELECT ${bucketOf(CLOSED_AT)} AS bucket, sum(d.amount) AS revenue
         FROM crm_deals d WHERE ${deals.sql} AND d.stage = 'closed_won' AND ${CLOSED_IN} GROUP BY 1`,
      [...range, ...deals.params],
    );
    const revenueByBucket = new Map(revenueBuckets.map((row) => [Number(row.bucket), Number(row.revenue)]));
    const leadBuckets: Array<{ bucket: number; leads: string }> = await this.dataSource.query(
      `SELECT ${bucketOf('l.created_at')} AS bucket, count(*) AS leads
         FROM crm_leads l WHERE ${leads.sql} AND l.created_at >= $1 AND l.created_at < $2 GROUP BY 1`,
      [...range, ...leads.params],
    );
    const dealByBucket = new Map(dealBuckets.map((row) => [Number(row.bucket), row]));
    const leadByBucket = new Map(leadBuckets.map((row) => [Number(row.bucket), Number(row.leads)]));

    const stageRows: Array<{ stage: DealStage; count: string; amount: string }> = await this.dataSource.query(
      `SELECT d.stage, count(*) AS count, coalesce(sum(d.amount), 0) AS amount
         FROM crm_deals d WHERE ${deals.sql} AND d.created_at >= $1 AND d.created_at < $2 GROUP BY d.stage`,
      [...range, ...deals.params],
    );
    const sourceRows: Array<{ source: string; deals: string; won: string }> = await this.dataSource.query(
      `SELECT coalesce(d.lead_source, 'unknown') AS source, count(*) AS deals,
              count(*) FILTER (WHERE d.stage = 'closed_won') AS won
         FROM crm_deals d WHERE ${deals.sql} AND d.created_at >= $1 AND d.created_at < $2
        GROUP BY 1 ORDER BY count(*) DESC, 1`,
      [...range, ...deals.params],
    );
    const performerRows: Array<Record<string, string>> = await this.dataSource.query(
      `SELECT d.owner_id,
              coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) AS name,
              count(*) FILTER (WHERE ${CREATED_IN}) AS deals,
              count(*) FILTER (WHERE ${CLOSED_IN} AND d.stage = 'closed_won') AS won,
              count(*) FILTER (WHERE ${CLOSED_IN} AND d.stage = 'closed_lost') AS lost,
              coalesce(sum(d.amount) FILTER (WHERE ${CLOSED_IN} AND d.stage = 'closed_won'), 0) AS won_revenue
         FROM crm_deals d JOIN users u ON u.id = d.owner_id
        WHERE ${deals.sql} AND (${CREATED_IN} OR ${CLOSED_IN})
        GROUP BY d.owner_id, u.first_name, u.last_name, u.email
        ORDER BY won_revenue DESC, won DESC, deals DESC, d.owner_id
        LIMIT 5`,
      [...range, ...deals.params],
    );
    const activityRows: Array<{ type: string; count: string }> = await this.dataSource.query(
      `SELECT a.type, count(*) AS count FROM crm_activities a
        WHERE ${activities.sql} AND a.created_at >= $1 AND a.created_at < $2
        GROUP BY a.type ORDER BY count(*) DESC, a.type`,
      [...range, ...activities.params],
    );

    const deals_count = Number(figures?.deals ?? 0);
    const wonCreated = Number(figures?.won_created ?? 0);
    const won = Number(figures?.won ?? 0);
    const lost = Number(figures?.lost ?? 0);
    const revenue = Number(figures?.revenue ?? 0);
    const previousRevenue = Number(previous?.revenue ?? 0);
    const stageCounts = new Map(stageRows.map((row) => [row.stage, row]));
    const bucketMs = bucketSeconds * 1000;

    return {
      period,
      start: start.toISOString(),
      end: end.toISOString(),
      tiles: {
        revenue,
        previous_revenue: previousRevenue,
        revenue_change_percent: round2(percentChange(revenue, previousRevenue)),
        conversion_rate: round2(conversionRate(wonCreated, deals_count)),
        pipeline_velocity_days: round2(Number(figures?.velocity ?? 0)),
        win_rate: round2(winRate(won, lost)),
        deals_count,
        won_created_count: wonCreated,
        won_count: won,
        lost_count: lost,
        leads_count: Number(leadsCount),
      },
      trends: Array.from({ length: buckets }, (_, index) => ({
        start: new Date(start.getTime() + index * bucketMs).toISOString(),
        revenue: revenueByBucket.get(index) ?? 0,
        deals: Number(dealByBucket.get(index)?.deals ?? 0),
        leads: leadByBucket.get(index) ?? 0,
      })),
      pipeline: {
        by_stage: DEAL_STAGES.map((stage) => ({
          stage,
          label: DEAL_STAGE_LABELS[stage],
          count: Number(stageCounts.get(stage)?.count ?? 0),
          amount: Number(stageCounts.get(stage)?.amount ?? 0),
        })),
        by_source: sourceRows.map((row) => ({
          source: row.source,
          deals: Number(row.deals),
          won: Number(row.won),
          conversion_rate: round2(conversionRate(Number(row.won), Number(row.deals))),
        })),
      },
      performance: {
        top_performers: performerRows.map((row) => ({
          owner_id: String(row.owner_id),
          name: String(row.name),
          deals: Number(row.deals),
          won: Number(row.won),
          won_revenue: Number(row.won_revenue),
          win_rate: round2(winRate(Number(row.won), Number(row.lost))),
        })),
        activity_breakdown: activityRows.map((row) => ({ type: row.type, count: Number(row.count) })),
      },
      forecast: await this.forecast(
        scope,
        filters,
        period === 'last_year' ? 12 : FORECAST_HISTORY_MONTHS,
        now,
      ),
    };
  }

  /** Won revenue of the trailing complete calendar months, by close date, then the projection. */
  private async forecast(
    scope: TenantScope,
    filters: CrmReportFilters,
    months: number,
    now: Date,
  ): Promise<RevenueForecast> {
    const currentMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
      .toISOString()
      .slice(0, 10);
    const first = addMonths(currentMonth, -months);
    const dealScope = scopeSql(scope, 'd', 3);
    const dealFilter = filterSql(filters, 'd', 3 + dealScope.params.length);
    const deals = {
      sql: dealScope.sql + dealFilter.sql,
      params: [...dealScope.params, ...dealFilter.params],
    };
    const rows: Array<{ month: string; revenue: string }> = await this.dataSource.query(
      `SELECT to_char(date_trunc('month', coalesce(d.closed_at, d.updated_at) AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS month,
              sum(d.amount) AS revenue
         FROM crm_deals d
        WHERE ${deals.sql} AND d.stage = 'closed_won'
          AND coalesce(d.closed_at, d.updated_at) >= $1::timestamptz AND coalesce(d.closed_at, d.updated_at) < $2::timestamptz
        GROUP BY 1`,
      [`${first}T00:00:00Z`, `${currentMonth}T00:00:00Z`, ...deals.params],
    );
    const byMonth = new Map(rows.map((row) => [row.month, Number(row.revenue)]));
    const history: ForecastPoint[] = Array.from({ length: months }, (_, index) => {
      const month = addMonths(first, index);
      return { month, value: byMonth.get(month) ?? 0 };
    });
    return forecastRevenue(history);
  }
}
