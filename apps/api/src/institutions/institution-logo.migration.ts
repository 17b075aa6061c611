import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRowSecurity } from '../access/row-level-security';

/*
 * The institution's logo, printed on its quotes (apps/api/src/crm/selling/quote-pdf.ts). One row per
 * institution, bytes in PostgreSQL like deal files; a table of its own so reading the institution
 * list never drags the image along. The limits repeat the API's (INSTITUTION_LOGO_MAX_BYTES and
 * INSTITUTION_LOGO_TYPES in the contracts) so no other writer can store what the API refuses.
 */
export class InstitutionLogos1733801000000 implements MigrationInterface {
  name = 'InstitutionLogos1733801000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE institution_logos (
        institution_id uuid PRIMARY KEY REFERENCES institutions(id) ON DELETE CASCADE,
        content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
        content bytea NOT NULL CHECK (octet_length(content) BETWEEN 1 AND 524288),
        updated_by uuid,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await enableTenantRowSecurity(q, 'institution_logos', { kind: 'institution' });
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE institution_logos');
  }
}
