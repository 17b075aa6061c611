import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  FORECAST_CATEGORIES,
  GOAL_ASSIGNEES,
  GOAL_METRICS,
  GOAL_PERIODS,
  SETTABLE_FORECAST_CATEGORIES,
} from '@tessera/data-access/contracts';
import { enableTenantRowSecurity } from '../../access/row-level-security';

const list = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');

/*
 * The sales forecast and goals (docs/product/forecast.md, docs/product/goals.md):
 * - a deal's forecast category, as its owner set it (closed is derived from winning, never stored);
 * - the snapshots the monthly job takes of each month's forecast as it begins, one row per scope,
 *   owner and category, and the one row per month that says the month's snapshot is taken (so a
 *   second run, or a retry after a crash, takes none);
 * - goals per person or team and period.
 */
export class ForecastAndGoals1733810000000 implements MigrationInterface {
  name = 'ForecastAndGoals1733810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE crm_deals ADD COLUMN forecast_category text
         CHECK (forecast_category IN (${list(SETTABLE_FORECAST_CATEGORIES)}))`,
    );
    // The forecast reads a scope's open deals by close month.
    await q.query(
      `CREATE INDEX crm_deals_forecast_idx ON crm_deals (org_id, expected_close_date) WHERE status = 'open'`,
    );

    await q.query(`
      CREATE TABLE crm_forecast_snapshot_runs (
        month date PRIMARY KEY CHECK (extract(day FROM month) = 1),
        taken_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE crm_forecast_snapshots (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        month date NOT NULL REFERENCES crm_forecast_snapshot_runs(month) ON DELETE CASCADE,
        category text NOT NULL CHECK (category IN (${list(FORECAST_CATEGORIES)})),
        deal_count integer NOT NULL CHECK (deal_count >= 0),
        amount numeric(16, 2) NOT NULL,
        weighted numeric(16, 2) NOT NULL,
        taken_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX crm_forecast_snapshots_key
         ON crm_forecast_snapshots (month, COALESCE(org_id, '00000000-0000-0000-0000-000000000000'::uuid), owner_id, category)`,
    );
    await q.query('CREATE INDEX crm_forecast_snapshots_org_idx ON crm_forecast_snapshots (org_id, month)');
    await enableTenantRowSecurity(q, 'crm_forecast_snapshots', { kind: 'org', owner: 'owner_id' });

    await q.query(`
      CREATE TABLE crm_goals (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id),
        assignee text NOT NULL CHECK (assignee IN (${list(GOAL_ASSIGNEES)})),
        user_id uuid REFERENCES users(id) ON DELETE CASCADE,
        metric text NOT NULL CHECK (metric IN (${list(GOAL_METRICS)})),
        period text NOT NULL CHECK (period IN (${list(GOAL_PERIODS)})),
        period_start date NOT NULL CHECK (extract(day FROM period_start) = 1),
        target numeric(16, 2) NOT NULL CHECK (target > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((assignee = 'person') = (user_id IS NOT NULL)),
        CHECK (assignee = 'person' OR org_id IS NOT NULL)
      )`);
    await q.query('CREATE INDEX crm_goals_org_idx ON crm_goals (org_id, period_start DESC)');
    await q.query(
      'CREATE INDEX crm_goals_personal_idx ON crm_goals (owner_id, period_start DESC) WHERE org_id IS NULL',
    );
    await enableTenantRowSecurity(q, 'crm_goals', { kind: 'org', owner: 'owner_id' });
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE crm_goals');
    await q.query('DROP TABLE crm_forecast_snapshots');
    await q.query('DROP TABLE crm_forecast_snapshot_runs');
    await q.query('DROP INDEX crm_deals_forecast_idx');
    await q.query('ALTER TABLE crm_deals DROP COLUMN forecast_category');
  }
}
