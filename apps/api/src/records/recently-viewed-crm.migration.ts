import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * The home's "Recently viewed" lists CRM deals and companies too (docs/product/home.md). A view
 * points at an industry record or at a CRM row; CRM rows live in their own tables, so the view keeps
 * the entity and id instead of a foreign key, and one whose row was deleted is no longer listed.
 */
export class RecentlyViewedCrm1733595000000 implements MigrationInterface {
  name = 'RecentlyViewedCrm1733595000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE recently_viewed_records
        ALTER COLUMN record_id DROP NOT NULL,
        ADD COLUMN crm_entity text CHECK (crm_entity IN ('deals', 'companies')),
        ADD COLUMN crm_id uuid,
        ADD CONSTRAINT recently_viewed_records_one_target
          CHECK ((record_id IS NULL) = (crm_id IS NOT NULL) AND (crm_id IS NULL) = (crm_entity IS NULL))`);
    await q.query(`
      CREATE UNIQUE INDEX recently_viewed_records_crm_key
      ON recently_viewed_records (COALESCE(org_id, owner_id), owner_id, crm_entity, crm_id) WHERE crm_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM recently_viewed_records WHERE crm_id IS NOT NULL');
    await q.query('DROP INDEX recently_viewed_records_crm_key');
    await q.query(`
      ALTER TABLE recently_viewed_records
        DROP CONSTRAINT recently_viewed_records_one_target,
        DROP COLUMN crm_id,
        DROP COLUMN crm_entity,
        ALTER COLUMN record_id SET NOT NULL`);
  }
}
