import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SEARCH_DOCUMENT_COLUMN, SEARCHABLE_TABLES, searchDocumentExpression } from './search-documents';

/*
 * Search documents for the search across everything (search-documents.ts): a stored generated
 * tsvector per row and a GIN index on it. Stored rather than an expression index so that ranking
 * the matches reads the vector instead of parsing every matching row again. Columns and indexes
 * only: the tables' row-level security and grants stay as they are.
 */
export class SearchDocuments1733560000000 implements MigrationInterface {
  name = 'SearchDocuments1733560000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of SEARCHABLE_TABLES) {
      await q.query(
        `ALTER TABLE ${table.table} ADD COLUMN ${SEARCH_DOCUMENT_COLUMN} tsvector
         GENERATED ALWAYS AS (${searchDocumentExpression(table)}) STORED`,
      );
      await q.query(
        `CREATE INDEX ${table.table}_search_idx ON ${table.table} USING gin (${SEARCH_DOCUMENT_COLUMN})`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of SEARCHABLE_TABLES) {
      await q.query(`DROP INDEX IF EXISTS ${table.table}_search_idx`);
      await q.query(`ALTER TABLE ${table.table} DROP COLUMN IF EXISTS ${SEARCH_DOCUMENT_COLUMN}`);
    }
  }
}
