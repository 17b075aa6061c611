import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * A rule run keeps its log line (docs/product/automation.md#new-leads-and-deals): what each action
 * did, or why the run did nothing (a deal without a contact) — a rule on a new lead skips the
 * actions that need a contact and the line says so.
 */
export class AutomationRunMessages1733850000000 implements MigrationInterface {
  name = 'AutomationRunMessages1733850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE automation_rule_runs ADD COLUMN message text');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE automation_rule_runs DROP COLUMN message');
  }
}
