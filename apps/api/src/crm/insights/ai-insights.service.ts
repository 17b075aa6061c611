import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CrmInsight,
  type CrmInsights,
  type CrmReportFilters,
  DEFAULT_STALE_DAYS,
  formatWholeUsd,
  HIGH_SCORE_THRESHOLD,
  scoreBand,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { scopeSql } from '../../access/scoped-query';
import { filterSql } from './crm-report.service';

const PER_KIND = 20;
/** Activities that count as reaching a lead (a pending task does not). */
const CONTACT_TYPES = ['call', 'email', 'meeting'];

/**
 * AI Insights of the Enhanced CRM page, computed from the data with plain rules: open deals
 * with no activity for N days, leads scoring 70+ nobody has called, e-mailed or met, and open
 * deals past their expected close date. Each links to its record.
 */
@Injectable()
export class AiInsightsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insights(
    scope: TenantScope,
    staleDays = DEFAULT_STALE_DAYS,
    filters: CrmReportFilters = {},
    now = new Date(),
  ): Promise<CrmInsights> {
    // The Enhanced CRM page's filters narrow deals and leads as they do in analytics.
    const dealScope = scopeSql(scope, 'd', 3);
    const stalledFilter = filterSql(filters, 'd', 4);
    const deals = {
      sql: dealScope.sql + stalledFilter.sql,
      params: [...dealScope.params, ...stalledFilter.params],
    };
    const stalled: Array<{ id: string; name: string; amount: string; last_touch: string; days: string }> =
      await this.dataSource.query(
        `SELECT d.id, d.name, d.amount, t.last_touch,
                floor(extract(epoch FROM ($1::timestamptz - t.last_touch)) / 86400) AS days
           FROM crm_deals d
           CROSS JOIN LATERAL (
             SELECT coalesce(max(a.created_at), d.created_at) AS last_touch
               FROM crm_activities a WHERE a.deal_id = d.id
           ) t
          WHERE ${deals.sql} AND d.stage NOT IN ('closed_won', 'closed_lost')
            AND t.last_touch < $1::timestamptz - make_interval(days => $2::int)
          ORDER BY t.last_touch ASC, d.id
          LIMIT ${PER_KIND}`,
        [now, staleDays, ...deals.params],
      );
    const leadScope = scopeSql(scope, 'l', 3);
    const leadFilter = filterSql(filters, 'l', 5);
    const uncontacted: Array<{
      id: string;
      first_name: string;
      last_name: string;
      company: string | null;
      lead_score: number;
      days: string;
    }> = await this.dataSource.query(
      `SELECT l.id, l.first_name, l.last_name, l.company, l.lead_score,
                floor(extract(epoch FROM ($1::timestamptz - l.created_at)) / 86400) AS days
           FROM crm_leads l
          WHERE ${leadScope.sql}${leadFilter.sql} AND l.lead_score >= $2 AND l.stage NOT IN ('won', 'lost')
            AND NOT EXISTS (
              SELECT 1 FROM crm_activities a
               WHERE a.lead_id = l.id AND a.status = 'completed' AND a.type = ANY($4::text[]))
          ORDER BY l.lead_score DESC, l.created_at ASC, l.id
          LIMIT ${PER_KIND}`,
      [now, HIGH_SCORE_THRESHOLD, ...leadScope.params, CONTACT_TYPES, ...leadFilter.params],
    );
    const overdueScope = scopeSql(scope, 'd', 2);
    const overdueFilter = filterSql(filters, 'd', 3);
    const overdueDeals = {
      sql: overdueScope.sql + overdueFilter.sql,
      params: [...overdueScope.params, ...overdueFilter.params],
    };
    const overdue: Array<{
      id: string;
      name: string;
      amount: string;
      expected_close_date: string;
      days: string;
    }> = await this.dataSource.query(
      `SELECT d.id, d.name, d.amount, to_char(d.expected_close_date, 'YYYY-MM-DD') AS expected_close_date,
                ($1::date - d.expected_close_date) AS days
           FROM crm_deals d
          WHERE ${overdueDeals.sql} AND d.stage NOT IN ('closed_won', 'closed_lost')
            AND d.expected_close_date < $1::date
          ORDER BY d.expected_close_date ASC, d.id
          LIMIT ${PER_KIND}`,
      [now.toISOString().slice(0, 10), ...overdueDeals.params],
    );

    const insights: CrmInsight[] = [
      ...overdue.map((deal): CrmInsight => {
        const days = Number(deal.days);
        return {
          id: `overdue_deal:${deal.id}`,
          kind: 'overdue_deal',
          severity: 'high',
          title: `${deal.name} is ${days} ${days === 1 ? 'day' : 'days'} past its close date`,
          detail: `Expected to close on ${deal.expected_close_date} and still open (${formatWholeUsd(Number(deal.amount))}). Update the date or move the stage.`,
          record: { type: 'deal', id: deal.id, name: deal.name },
          days,
          amount: Number(deal.amount),
        };
      }),
      ...stalled.map((deal): CrmInsight => {
        const days = Number(deal.days);
        return {
          id: `stalled_deal:${deal.id}`,
          kind: 'stalled_deal',
          severity: days >= staleDays * 2 ? 'high' : 'medium',
          title: `${deal.name} has had no activity for ${days} days`,
          detail: `An open deal worth ${formatWholeUsd(Number(deal.amount))} with nothing logged since ${new Date(deal.last_touch).toISOString().slice(0, 10)}. Schedule a follow-up.`,
          record: { type: 'deal', id: deal.id, name: deal.name },
          days,
          amount: Number(deal.amount),
        };
      }),
      ...uncontacted.map((lead): CrmInsight => {
        const name = `${lead.first_name} ${lead.last_name}`.trim();
        const days = Number(lead.days);
        return {
          id: `uncontacted_lead:${lead.id}`,
          kind: 'uncontacted_lead',
          severity: scoreBand(lead.lead_score) === 'high' ? 'high' : 'medium',
          title: `${name} scores ${lead.lead_score} and was never contacted`,
          detail: `${lead.company ? `${lead.company}: ` : ''}no completed call, e-mail or meeting in ${days} ${days === 1 ? 'day' : 'days'} since the lead arrived.`,
          record: { type: 'lead', id: lead.id, name },
          days,
          amount: null,
        };
      }),
    ];
    return {
      generated_at: now.toISOString(),
      stale_days: staleDays,
      counts: {
        overdue_deal: overdue.length,
        stalled_deal: stalled.length,
        uncontacted_lead: uncontacted.length,
      },
      insights,
    };
  }
}
