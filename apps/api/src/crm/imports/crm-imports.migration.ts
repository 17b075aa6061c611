import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRowSecurity } from '../../access/row-level-security';

/*
 * CRM imports (docs/product/crm-imports.md). An import keeps its column mapping and duplicate mode
 * (`options`, read again by a retried job), counts what duplicate handling did, and says when it was
 * undone. crm_import_rows lists every CRM row an import created (previous NULL) or updated (the
 * values it replaced), so Undo can delete and restore exactly those rows in one transaction.
 */
export class CrmImports1733530000000 implements MigrationInterface {
  name = 'CrmImports1733530000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE record_imports
        ADD COLUMN options jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(options) = 'object'),
        ADD COLUMN updated_count integer NOT NULL DEFAULT 0 CHECK (updated_count >= 0),
        ADD COLUMN skipped_count integer NOT NULL DEFAULT 0 CHECK (skipped_count >= 0),
        ADD COLUMN undone_at timestamptz`);
    await q.query(`
      CREATE TABLE crm_import_rows (
        import_id uuid NOT NULL REFERENCES record_imports(id) ON DELETE CASCADE,
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL,
        row_id uuid NOT NULL,
        previous jsonb,
        PRIMARY KEY (import_id, row_id)
      )`);
    await enableTenantRowSecurity(q, 'crm_import_rows', { kind: 'org', owner: 'owner_id' });
    // An import history lists the CRM's imports newest first.
    await q.query(`
      CREATE INDEX record_imports_crm_idx ON record_imports (org_id, created_at DESC) WHERE module_id = 'crm'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX record_imports_crm_idx');
    await q.query('DROP TABLE crm_import_rows');
    await q.query(`
      ALTER TABLE record_imports
        DROP COLUMN undone_at,
        DROP COLUMN skipped_count,
        DROP COLUMN updated_count,
        DROP COLUMN options`);
  }
}
