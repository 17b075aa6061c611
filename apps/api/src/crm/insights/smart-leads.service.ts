import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  conversionRate,
  type DealStage,
  FILTER_SOURCE_LEAD_SOURCES,
  HIGH_SCORE_THRESHOLD,
  type LeadOverview,
  pipelineValue,
  SCORE_BAND_RANGES,
  SEGMENT_BAND,
  SMART_LEADS_HIGH_SCORE,
  type SmartLead,
  type SmartLeadsParams,
  type SmartLeadsSummary,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { scopeSql } from '../../access/scoped-query';
import { DEFAULT_SCORING_RULES, DEFAULT_SEGMENTS, DEFAULT_WORKFLOWS } from './smart-leads-defaults';

const present = (column: string) => `nullif(btrim(${column}), '') IS NOT NULL`;

/**
 * The local Smart Leads score (docs/product/lead-scoring.md#local-smart-leads-score) as one set-based expression: the points of the scope's
 * active rules whose criterion the lead meets, capped at 100. It mirrors smartLeadScore() of the
 * contracts, which the e2e spec checks it against.
 */
function smartScoreSql(rulesScope: string): string {
  return `LEAST(100, coalesce((
    SELECT sum(r.points) FROM crm_scoring_rules r
     WHERE ${rulesScope} AND r.active AND (
           (r.criterion = 'has_email' AND ${present('l.email')})
        OR (r.criterion = 'has_company' AND ${present('l.company')})
        OR (r.criterion = 'has_lead_source' AND ${present('l.lead_source')})
        OR (r.criterion = 'has_phone' AND ${present('l.phone')})
        OR (r.criterion = 'has_website' AND ${present('l.website')}))
  ), 0))::int`;
}

const bandSql = (score: string) =>
  `CASE WHEN ${score} >= ${SCORE_BAND_RANGES.high.min} THEN 'high'
        WHEN ${score} >= ${SCORE_BAND_RANGES.medium.min} THEN 'medium' ELSE 'low' END`;

@Injectable()
export class SmartLeadsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * (Rows get clock_timestamp() so they list in the order written, not all at one now().)
   * First use of Smart Leads in a scope stores its starting configuration (docs/product/leads.md). Idempotent
   * and race-free: an advisory lock per scope serialises concurrent first visits, and the
   * built-in rules mark a scope as provisioned (they can be switched off, never deleted).
   */
  async ensureDefaults(scope: TenantScope): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const key = scope.institutionId ? `org:${scope.institutionId}` : `user:${scope.userId}`;
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`crm-smart-leads-defaults:${key}`]);
      const rules = scopeSql(scope, 'r', 1);
      const [{ count }]: Array<{ count: string }> = await manager.query(
        `SELECT count(*) FROM crm_scoring_rules r WHERE ${rules.sql} AND r.built_in`,
        rules.params,
      );
      if (Number(count) > 0) return false;
      await this.insertDefaults(manager, scope);
      return true;
    });
  }

  private async insertDefaults(manager: EntityManager, scope: TenantScope): Promise<void> {
    const org = scope.institutionId;
    const owner = scope.userId;
    for (const rule of DEFAULT_SCORING_RULES) {
      await manager.query(
        `INSERT INTO crm_scoring_rules (org_id, owner_id, name, description, condition, criterion, points, active, built_in, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, true, true, clock_timestamp())`,
        [org, owner, rule.name, rule.description, rule.condition, rule.criterion, rule.points],
      );
    }
    const workflows = scopeSql(scope, 'w', 1);
    const [{ count: workflowCount }]: Array<{ count: string }> = await manager.query(
      `SELECT count(*) FROM crm_automation_workflows w WHERE ${workflows.sql}`,
      workflows.params,
    );
    if (Number(workflowCount) === 0) {
      for (const workflow of DEFAULT_WORKFLOWS) {
        await manager.query(
          `INSERT INTO crm_automation_workflows (org_id, owner_id, name, description, trigger, trigger_config, actions, active, created_at)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, clock_timestamp())`,
          [
            org,
            owner,
            workflow.name,
            workflow.description,
            workflow.trigger,
            JSON.stringify(workflow.trigger_config),
            JSON.stringify(workflow.actions),
            workflow.active,
          ],
        );
      }
    }
    const segments = scopeSql(scope, 's', 1);
    const [{ count: segmentCount }]: Array<{ count: string }> = await manager.query(
      `SELECT count(*) FROM crm_segments s WHERE ${segments.sql}`,
      segments.params,
    );
    if (Number(segmentCount) === 0) {
      for (const segment of DEFAULT_SEGMENTS) {
        await manager.query(
          `INSERT INTO crm_segments (org_id, owner_id, name, description, criteria, lead_count, colour, created_at)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, clock_timestamp())`,
          [
            org,
            owner,
            segment.name,
            segment.description,
            JSON.stringify(segment.criteria),
            segment.lead_count,
            segment.colour,
          ],
        );
      }
    }
  }

  /** Tiles, band counts and the first matching leads of the Smart Leads tab (docs/product/leads.md#smart-leads). */
  async summary(scope: TenantScope, query: SmartLeadsParams): Promise<SmartLeadsSummary> {
    const provisioned = await this.ensureDefaults(scope);
    const params: unknown[] = [];
    const param = (value: unknown): string => {
      params.push(value);
      return `$${params.length}`;
    };
    const leadScope = scopeSql(scope, 'l', 1);
    params.push(...leadScope.params);
    const ruleScope = scopeSql(scope, 'r', 1);
    // Both scopes bind the same value ($1): the institution, or the caller for personal rows.
    const scored = `SELECT l.*, ${smartScoreSql(ruleScope.sql)} AS smart_score FROM crm_leads l WHERE ${leadScope.sql}`;

    const pageFilters: string[] = [];
    if (query.stage) pageFilters.push(`s.stage = ${param(query.stage)}`);
    if (query.source) {
      const mapped = FILTER_SOURCE_LEAD_SOURCES[query.source];
      pageFilters.push(
        `(s.source = ${param(query.source)} OR s.lead_source = ANY(${param(mapped)}::text[]))`,
      );
    }
    if (query.segment)
      pageFilters.push(`${bandSql('s.smart_score')} = ${param(SEGMENT_BAND[query.segment])}`);
    const listFilters = [...pageFilters];
    if (query.band) listFilters.push(`${bandSql('s.smart_score')} = ${param(query.band)}`);
    const text = query.q?.trim();
    if (text) {
      const like = param(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      listFilters.push(
        `((s.first_name || ' ' || s.last_name) ILIKE ${like} OR s.email ILIKE ${like} OR s.company ILIKE ${like})`,
      );
    }
    const where = (filters: string[]) => (filters.length ? `WHERE ${filters.join(' AND ')}` : '');
    const limit = param(query.limit ?? 10);

    const [totals]: Array<Record<string, string>> = await this.dataSource.query(
      `WITH s AS (${scored})
       SELECT (SELECT count(*) FROM s) AS total,
              (SELECT count(*) FROM s WHERE s.smart_score >= ${SMART_LEADS_HIGH_SCORE}) AS high,
              (SELECT count(*) FROM s WHERE s.stage = 'won') AS won,
              (SELECT count(*) FROM s ${where(pageFilters)} ${pageFilters.length ? 'AND' : 'WHERE'} ${bandSql('s.smart_score')} = 'high') AS band_high,
              (SELECT count(*) FROM s ${where(pageFilters)} ${pageFilters.length ? 'AND' : 'WHERE'} ${bandSql('s.smart_score')} = 'medium') AS band_medium,
              (SELECT count(*) FROM s ${where(pageFilters)} ${pageFilters.length ? 'AND' : 'WHERE'} ${bandSql('s.smart_score')} = 'low') AS band_low,
              (SELECT count(*) FROM s ${where(listFilters)}) AS matching,
              ${limit}::int AS page_limit`,
      params,
    );
    const rows: SmartLead[] = await this.dataSource.query(
      `WITH s AS (${scored})
       SELECT s.id, s.first_name, s.last_name, s.email, s.phone, s.company, s.position, s.lead_source,
              s.source, s.stage, s.status, s.lead_score, s.created_at, s.smart_score,
              ${bandSql('s.smart_score')} AS band
         FROM s ${where(listFilters)}
        ORDER BY s.smart_score DESC, s.created_at DESC, s.id
        LIMIT ${limit}`,
      params,
    );
    const workflows = scopeSql(scope, 'w', 1);
    const [{ count: activeWorkflows }]: Array<{ count: string }> = await this.dataSource.query(
      `SELECT count(*) FROM crm_automation_workflows w WHERE ${workflows.sql} AND w.active`,
      workflows.params,
    );
    const total = Number(totals?.total ?? 0);
    const won = Number(totals?.won ?? 0);
    return {
      provisioned,
      total_leads: total,
      high_score_leads: Number(totals?.high ?? 0),
      active_workflows: Number(activeWorkflows),
      won_leads: won,
      // docs/product/leads.md#smart-leads tile: won ÷ total leads, one decimal.
      conversion_rate: Math.round(conversionRate(won, total) * 10) / 10,
      bands: {
        high: Number(totals?.band_high ?? 0),
        medium: Number(totals?.band_medium ?? 0),
        low: Number(totals?.band_low ?? 0),
      },
      matching: Number(totals?.matching ?? 0),
      leads: rows.map((row) => ({
        ...row,
        smart_score: Number(row.smart_score),
        lead_score: Number(row.lead_score),
        created_at: new Date(row.created_at).toISOString(),
      })),
    };
  }

  /** The Smart Lead Scoring panel's four cards (docs/product/lead-scoring.md#smart-lead-scoring-panel, formulas of docs/product/analytics.md#formulas). */
  async overview(scope: TenantScope): Promise<LeadOverview> {
    const leads = scopeSql(scope, 'l', 1);
    const [leadRow]: Array<{ total: string; high: string }> = await this.dataSource.query(
      `SELECT count(*) AS total, count(*) FILTER (WHERE l.lead_score >= ${HIGH_SCORE_THRESHOLD}) AS high
         FROM crm_leads l WHERE ${leads.sql}`,
      leads.params,
    );
    const deals = scopeSql(scope, 'd', 1);
    const dealRows: Array<{ stage: DealStage; amount: string; count: string }> = await this.dataSource.query(
      `SELECT d.stage, coalesce(sum(d.amount), 0) AS amount, count(*) AS count
         FROM crm_deals d WHERE ${deals.sql} GROUP BY d.stage`,
      deals.params,
    );
    const dealsCount = dealRows.reduce((sum, row) => sum + Number(row.count), 0);
    const won = Number(dealRows.find((row) => row.stage === 'closed_won')?.count ?? 0);
    return {
      total_leads: Number(leadRow?.total ?? 0),
      high_score_leads: Number(leadRow?.high ?? 0),
      deals_count: dealsCount,
      won_deals: won,
      conversion_rate: Math.round(conversionRate(won, dealsCount) * 10) / 10,
      pipeline_value: pipelineValue(dealRows.map((row) => ({ stage: row.stage, amount: row.amount }))),
    };
  }
}
