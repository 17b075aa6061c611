import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SEARCH_DOCUMENT_COLUMN, SEARCHABLE_COMPANIES, searchDocumentExpression } from './search-documents';

/*
 * CRM companies in the search across everything (docs/product/search.md): the same stored search
 * document and GIN index as the other searchable tables (search-documents.migration.ts).
 */
export class SearchCompanies1733596000000 implements MigrationInterface {
  name = 'SearchCompanies1733596000000';

  async up(q: QueryRunner): Promise<void> {
    const { table } = SEARCHABLE_COMPANIES;
    await q.query(
      `ALTER TABLE ${table} ADD COLUMN ${SEARCH_DOCUMENT_COLUMN} tsvector
       GENERATED ALWAYS AS (${searchDocumentExpression(SEARCHABLE_COMPANIES)}) STORED`,
    );
    await q.query(`CREATE INDEX ${table}_search_idx ON ${table} USING gin (${SEARCH_DOCUMENT_COLUMN})`);
  }

  async down(q: QueryRunner): Promise<void> {
    const { table } = SEARCHABLE_COMPANIES;
    await q.query(`DROP INDEX IF EXISTS ${table}_search_idx`);
    await q.query(`ALTER TABLE ${table} DROP COLUMN IF EXISTS ${SEARCH_DOCUMENT_COLUMN}`);
  }
}
