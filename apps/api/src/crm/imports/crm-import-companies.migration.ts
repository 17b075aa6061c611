import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Imports link people and deals to companies by name (docs/product/crm-imports.md#companies),
 * creating the companies a file names that the CRM does not have yet. Undo removes those too, so
 * the import's row log says which table a row is in: NULL for the import's own entity, `companies`
 * for a company created along the way.
 */
export class CrmImportCompanies1733590000000 implements MigrationInterface {
  name = 'CrmImportCompanies1733590000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE crm_import_rows ADD COLUMN entity text CHECK (entity IS NULL OR entity = 'companies')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE crm_import_rows DROP COLUMN entity');
  }
}
