import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Refresh Scores runs as a job over the whole scope (docs/product/lead-scoring.md): one row per run
 * says where it stands and how many leads it scored. At most one run per scope is under way at a
 * time, so a double click starts one.
 */
export class LeadScoreRuns1733400100000 implements MigrationInterface {
  name = 'LeadScoreRuns1733400100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE crm_lead_score_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        -- Who asked; without an institution, whose personal leads are scored.
        requested_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        scope_key text GENERATED ALWAYS AS (COALESCE('org:' || org_id::text, 'owner:' || requested_by::text)) STORED,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'completed', 'failed')),
        updated_count integer CHECK (updated_count >= 0),
        failure text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      )`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX crm_lead_score_runs_one_active_idx ON crm_lead_score_runs (scope_key)
       WHERE status IN ('pending', 'running')`);
    await queryRunner.query(
      'CREATE INDEX crm_lead_score_runs_scope_idx ON crm_lead_score_runs (scope_key, created_at DESC)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE crm_lead_score_runs');
  }
}
