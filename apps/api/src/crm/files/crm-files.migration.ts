import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Files attached to deals (docs/product/files.md), stored in PostgreSQL as bytea so one database
 * holds everything (and PGlite runs it too), and per-user CRM screen preferences (the pipeline's
 * hidden columns, Configure: docs/product/pipeline.md#configure). The 5 MB limit is checked by the API and by a CHECK.
 */
export class CrmFiles1732406400000 implements MigrationInterface {
  name = 'CrmFiles1732406400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE crm_deal_files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        deal_id uuid NOT NULL REFERENCES crm_deals(id) ON DELETE CASCADE,
        org_id uuid,
        uploaded_by uuid NOT NULL,
        file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
        content_type text NOT NULL,
        size_bytes integer NOT NULL CHECK (size_bytes >= 0 AND size_bytes <= 5242880),
        content bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX crm_deal_files_deal_idx ON crm_deal_files (deal_id, created_at DESC)',
    );
    await queryRunner.query(`
      CREATE TABLE crm_user_preferences (
        user_id uuid NOT NULL,
        scope_key text NOT NULL,
        preference_key text NOT NULL,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, scope_key, preference_key)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE crm_user_preferences');
    await queryRunner.query('DROP TABLE crm_deal_files');
  }
}
