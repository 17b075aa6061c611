import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRowSecurity } from '../access/row-level-security';

/*
 * Two personal tables inside an institution (docs/product/lists.md, docs/product/home.md): each
 * row belongs to one person (owner_id) in one institution (org_id). Row-level security keeps them
 * inside the institution; the services read only the caller's own rows.
 */
export class ListsAndHome1733550000000 implements MigrationInterface {
  name = 'ListsAndHome1733550000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE saved_list_views (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        module_id text NOT NULL,
        submodule_id text NOT NULL,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
        query text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A person's views of one list are named apart (saving under a used name replaces it).
    await q.query(`
      CREATE UNIQUE INDEX saved_list_views_name_idx
      ON saved_list_views (COALESCE(org_id, owner_id), owner_id, module_id, submodule_id, lower(name))`);
    await enableTenantRowSecurity(q, 'saved_list_views', { kind: 'org', owner: 'owner_id' });

    // A deleted record leaves nobody's recently viewed list (the foreign key cascades).
    await q.query(`
      CREATE TABLE recently_viewed_records (
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        record_id uuid NOT NULL REFERENCES records(id) ON DELETE CASCADE,
        viewed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE UNIQUE INDEX recently_viewed_records_key
      ON recently_viewed_records (COALESCE(org_id, owner_id), owner_id, record_id)`);
    await q.query(`
      CREATE INDEX recently_viewed_records_latest_idx
      ON recently_viewed_records (COALESCE(org_id, owner_id), owner_id, viewed_at DESC)`);
    await q.query('CREATE INDEX recently_viewed_records_record_idx ON recently_viewed_records (record_id)');
    await enableTenantRowSecurity(q, 'recently_viewed_records', { kind: 'org', owner: 'owner_id' });
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS recently_viewed_records');
    await q.query('DROP TABLE IF EXISTS saved_list_views');
  }
}
