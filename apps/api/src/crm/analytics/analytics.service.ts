import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  conversionRate,
  type CrmAnalytics,
  type CrmCharts,
  DEAL_STAGE_LABELS,
  DEFAULT_ANALYTICS_PERIOD,
  FUNNEL_DEAL_STAGES,
  LEADS_PER_WEEK_WINDOW_DAYS,
  percentChange,
  periodRange,
  winRate,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { InvalidInputError } from '../../common/domain-errors';
import { scopeSql } from '../../access/scoped-query';
import type { AnalyticsQueryDto } from './dto/analytics.dto';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

interface DealFigures {
  deals: string;
  won_created: string;
  won: string;
  lost: string;
  revenue: string;
  pipeline: string;
  velocity: string | null;
}

/** Two decimals for rates and days: the tiles show one, the rest is noise. */
const round2 = (value: number): number => Math.round(value * 100) / 100;

@Injectable()
export class AnalyticsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  resolveRange(query: AnalyticsQueryDto, now = new Date()): { start: Date; end: Date } {
    if (query.start || query.end) {
      if (!query.start || !query.end)
        throw new InvalidInputError('start and end go together', { start: ['start and end go together'] });
      const start = new Date(query.start);
      const end = new Date(query.end);
      if (start >= end)
        throw new InvalidInputError('start must be before end', { start: ['start must be before end'] });
      return { start, end };
    }
    return periodRange(query.period ?? DEFAULT_ANALYTICS_PERIOD, now);
  }

  /**
   * One aggregate over the deals created or closed in [start, end): counts and conversion go by
   * creation, revenue, win rate and velocity by closing (closed_at is set by the stage trigger;
   * older rows fall back to updated_at) — the same split as the Enhanced CRM report.
   */
  private async dealFigures(scope: TenantScope, start: Date, end: Date): Promise<DealFigures> {
    const where = scopeSql(scope, 'd', 3);
    const createdIn = 'd.created_at >= $1 AND d.created_at < $2';
    const closedIn = `d.stage IN ('closed_won', 'closed_lost') AND coalesce(d.closed_at, d.updated_at) >= $1
                      AND coalesce(d.closed_at, d.updated_at) < $2`;
    const [row]: DealFigures[] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE ${createdIn}) AS deals,
              count(*) FILTER (WHERE ${createdIn} AND d.stage = 'closed_won') AS won_created,
              count(*) FILTER (WHERE ${closedIn} AND d.stage = 'closed_won') AS won,
              count(*) FILTER (WHERE ${closedIn} AND d.stage = 'closed_lost') AS lost,
              coalesce(sum(d.amount) FILTER (WHERE ${closedIn} AND d.stage = 'closed_won'), 0) AS revenue,
              coalesce(sum(d.amount) FILTER (WHERE ${createdIn} AND d.stage NOT IN ('closed_won', 'closed_lost')), 0)
                AS pipeline,
              avg(extract(epoch FROM (coalesce(d.closed_at, d.updated_at) - d.created_at)) / 86400)
                FILTER (WHERE ${closedIn} AND d.stage = 'closed_won') AS velocity
         FROM crm_deals d
        WHERE ${where.sql} AND ((${createdIn}) OR (${closedIn}))`,
      [start, end, ...where.params],
    );
    return row as DealFigures;
  }

  /**
   * docs/product/analytics.md#formulas for a range: revenue = amounts of deals won (closed) in it; conversion = won ÷
   * total of the deals created in it × 100; pipeline value = amounts of the deals created in it
   * that are not closed; win rate = won ÷ (won + lost) of the deals closed in it × 100; velocity =
   * average days from creation to close of the deals won in it; contacts created in it; and the
   * revenue of the previous period of the same length for the change.
   */
  async summary(scope: TenantScope, query: AnalyticsQueryDto): Promise<CrmAnalytics> {
    const { start, end } = this.resolveRange(query);
    const previousStart = new Date(start.getTime() - (end.getTime() - start.getTime()));
    const current = await this.dealFigures(scope, start, end);
    const previous = await this.dealFigures(scope, previousStart, start);
    const contacts = scopeSql(scope, 'c', 3);
    const [{ count }]: Array<{ count: string }> = await this.dataSource.query(
      `SELECT count(*) FROM crm_contacts c WHERE ${contacts.sql} AND c.created_at >= $1 AND c.created_at < $2`,
      [start, end, ...contacts.params],
    );
    const deals = Number(current.deals);
    const won = Number(current.won);
    const lost = Number(current.lost);
    const revenue = Number(current.revenue);
    const previousRevenue = Number(previous.revenue);
    return {
      start: start.toISOString(),
      end: end.toISOString(),
      revenue,
      previous_revenue: previousRevenue,
      revenue_change_percent: round2(percentChange(revenue, previousRevenue)),
      conversion_rate: round2(conversionRate(Number(current.won_created), deals)),
      pipeline_value: Number(current.pipeline),
      win_rate: round2(winRate(won, lost)),
      pipeline_velocity_days: round2(Number(current.velocity ?? 0)),
      deals_count: deals,
      won_count: won,
      lost_count: lost,
      contacts_count: Number(count),
    };
  }

  /** Sales funnel (first five stages), leads per week over 56 days, contact sources (docs/product/analytics.md#charts). */
  async charts(scope: TenantScope, now = new Date()): Promise<CrmCharts> {
    const deals = scopeSql(scope, 'd', 1);
    const stageRows: Array<{ stage: string; count: string }> = await this.dataSource.query(
      `SELECT d.stage, count(*) FROM crm_deals d WHERE ${deals.sql} GROUP BY d.stage`,
      deals.params,
    );
    const byStage = new Map(stageRows.map((row) => [row.stage, Number(row.count)]));

    // Weeks counted back from now, so the last bar is always the current seven days.
    const windowStart = new Date(now.getTime() - LEADS_PER_WEEK_WINDOW_DAYS * DAY_MS);
    const leads = scopeSql(scope, 'l', 3);
    const weekRows: Array<{ week: number; count: string }> = await this.dataSource.query(
      `SELECT floor(extract(epoch FROM (l.created_at - $1::timestamptz)) / ${WEEK_MS / 1000})::int AS week, count(*)
         FROM crm_leads l
        WHERE ${leads.sql} AND l.created_at >= $1 AND l.created_at < $2
        GROUP BY 1`,
      [windowStart, now, ...leads.params],
    );
    const weeks = LEADS_PER_WEEK_WINDOW_DAYS / 7;
    const perWeek = new Map(weekRows.map((row) => [Number(row.week), Number(row.count)]));

    // docs/product/analytics.md#charts: the source breakdown reads the lead source of leads, as the spec has it.
    const leadScope = scopeSql(scope, 'l', 1);
    const sourceRows: Array<{ source: string; count: string }> = await this.dataSource.query(
      `SELECT coalesce(l.lead_source, 'unknown') AS source, count(*)
         FROM crm_leads l WHERE ${leadScope.sql}
        GROUP BY 1 ORDER BY count(*) DESC, 1`,
      leadScope.params,
    );

    return {
      funnel: FUNNEL_DEAL_STAGES.map((stage) => ({
        stage,
        label: DEAL_STAGE_LABELS[stage],
        count: byStage.get(stage) ?? 0,
      })),
      leads_per_week: Array.from({ length: weeks }, (_, week) => ({
        week_start: new Date(windowStart.getTime() + week * WEEK_MS).toISOString(),
        count: perWeek.get(week) ?? 0,
      })),
      lead_sources: sourceRows.map((row) => ({ source: row.source, count: Number(row.count) })),
    };
  }
}
