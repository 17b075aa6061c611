import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRowSecurity } from '../access/row-level-security';

/*
 * Errors the screens report (docs/product/errors.md): an institution's own, or a person's when they worked in no
 * institution. Only the platform console reads them back, as the system; the app roles may insert and read their
 * own scope like every org-scoped table.
 */
export class ErrorReports1733500300000 implements MigrationInterface {
  name = 'ErrorReports1733500300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE client_error_reports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        message text NOT NULL,
        detail text,
        url text,
        module_id text,
        user_agent text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX client_error_reports_recent ON client_error_reports (created_at DESC)');
    await q.query('CREATE INDEX client_error_reports_org ON client_error_reports (org_id, created_at DESC)');
    // The per-person budget counts a user's reports of the last minute.
    await q.query(
      'CREATE INDEX client_error_reports_user ON client_error_reports (owner_id, created_at DESC)',
    );
    await enableTenantRowSecurity(q, 'client_error_reports', { kind: 'org', owner: 'owner_id' });
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE client_error_reports');
  }
}
