import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The records engine: every submodule's records in one table, fields in a JSONB column validated
 * against the catalogue's schema (docs/adr/0002-records-in-jsonb.md).
 */
export class Records1732233700000 implements MigrationInterface {
  name = 'Records1732233700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE records (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        module_id text NOT NULL CHECK (module_id ~ '^[a-z][a-z0-9-]*$'),
        submodule_id text NOT NULL CHECK (submodule_id ~ '^[a-z][a-z0-9-]*$'),
        data jsonb NOT NULL CHECK (jsonb_typeof(data) = 'object'),
        title text NOT NULL DEFAULT '',
        search_text text NOT NULL DEFAULT '',
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Every list is one submodule of one institution, newest first by default.
    await q.query(
      `CREATE INDEX records_org_scope_idx ON records (org_id, module_id, submodule_id, created_at DESC)`,
    );
    await q.query(
      `CREATE INDEX records_owner_scope_idx ON records (owner_id, module_id, submodule_id, created_at DESC) WHERE org_id IS NULL`,
    );
    // Field filters (data @> '{"status":"active"}') and board/insight grouping.
    await q.query(`CREATE INDEX records_data_idx ON records USING gin (data jsonb_path_ops)`);

    await q.query(`
      CREATE TABLE record_imports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        module_id text NOT NULL,
        submodule_id text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'running', 'completed', 'failed')),
        total_rows integer NOT NULL CHECK (total_rows >= 0),
        processed_rows integer NOT NULL DEFAULT 0,
        created_count integer NOT NULL DEFAULT 0,
        error_count integer NOT NULL DEFAULT 0,
        errors jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(
      `CREATE INDEX record_imports_scope_idx ON record_imports (org_id, module_id, submodule_id, created_at DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS record_imports`);
    await q.query(`DROP TABLE IF EXISTS records`);
  }
}
