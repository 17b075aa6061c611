import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * CSV imports become durable jobs (docs/product/imports.md): the uploaded file is kept with its
 * import until the import ends, `processed_rows` is the cursor a retried job resumes from, and a
 * failed import says why.
 */
export class CsvImportJobs1733400000000 implements MigrationInterface {
  name = 'CsvImportJobs1733400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE record_imports
        ADD COLUMN source text,
        ADD COLUMN failure text,
        ADD COLUMN started_at timestamptz,
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
        ADD CONSTRAINT record_imports_progress_check
          CHECK (processed_rows BETWEEN 0 AND total_rows AND created_count + error_count <= processed_rows)`);
    // Imports started before jobs were durable ran in the memory of a process that is gone.
    await queryRunner.query(`
      UPDATE record_imports
         SET status = 'failed', finished_at = now(),
             failure = 'The server restarted before this import finished. Import the file again.'
       WHERE status IN ('pending', 'running')`);
    // A screen opened again finds the caller's imports still under way.
    await queryRunner.query(`
      CREATE INDEX record_imports_active_idx ON record_imports (owner_id, module_id, submodule_id, created_at DESC)
       WHERE status IN ('pending', 'running')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX record_imports_active_idx');
    await queryRunner.query(`
      ALTER TABLE record_imports
        DROP CONSTRAINT record_imports_progress_check,
        DROP COLUMN updated_at,
        DROP COLUMN started_at,
        DROP COLUMN failure,
        DROP COLUMN source`);
  }
}
