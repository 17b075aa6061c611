import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRowSecurity } from '../../access/row-level-security';

/** The scope a lead counts in: its institution, or for a personal lead its owner. */
const SCOPE = 'COALESCE(org_id, owner_id)';
const PERSONAL_OWNER = 'CASE WHEN org_id IS NULL THEN owner_id END';

/*
 * Each scope's number of leads, kept by statement triggers in the transaction that changes the
 * leads: the Leads screen shows "of 100,000" on every page view without counting 100,000 rows
 * (docs/product/leads.md). Exact, not an estimate: the count moves with the rows, or not at all.
 */
export class LeadTotals1733500200000 implements MigrationInterface {
  name = 'LeadTotals1733500200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE crm_lead_totals (
        scope_id uuid PRIMARY KEY,
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid,
        total bigint NOT NULL
      )`);
    await q.query(`
      INSERT INTO crm_lead_totals (scope_id, org_id, owner_id, total)
      SELECT ${SCOPE}, org_id, ${PERSONAL_OWNER}, count(*) FROM crm_leads GROUP BY 1, 2, 3`);
    await enableTenantRowSecurity(q, 'crm_lead_totals', { kind: 'org', owner: 'owner_id' });

    // Upserts per-scope changes of `delta` rows (org_id, owner_id, delta) into the totals.
    const apply = (deltas: string) => `
      INSERT INTO crm_lead_totals AS t (scope_id, org_id, owner_id, total)
      SELECT ${SCOPE}, org_id, ${PERSONAL_OWNER}, sum(delta) FROM ${deltas} GROUP BY 1, 2, 3
      ON CONFLICT (scope_id) DO UPDATE SET total = t.total + EXCLUDED.total`;
    await q.query(`
      CREATE FUNCTION crm_lead_totals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply('(SELECT org_id, owner_id, 1 AS delta FROM added) AS d')}; RETURN NULL; END $$`);
    await q.query(`
      CREATE FUNCTION crm_lead_totals_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply('(SELECT org_id, owner_id, -1 AS delta FROM removed) AS d')}; RETURN NULL; END $$`);
    // Only leads that changed scope move between totals (a score refresh moves none).
    await q.query(`
      CREATE FUNCTION crm_lead_totals_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply(`(
        SELECT m.org_id, m.owner_id, m.delta FROM after_update n JOIN before_update o USING (id)
        CROSS JOIN LATERAL (VALUES (n.org_id, n.owner_id, 1), (o.org_id, o.owner_id, -1)) AS m(org_id, owner_id, delta)
        WHERE COALESCE(n.org_id, n.owner_id) IS DISTINCT FROM COALESCE(o.org_id, o.owner_id)) AS d`)};
      RETURN NULL; END $$`);
    await q.query(`
      CREATE TRIGGER crm_lead_totals_inserted AFTER INSERT ON crm_leads REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION crm_lead_totals_inserted()`);
    await q.query(`
      CREATE TRIGGER crm_lead_totals_deleted AFTER DELETE ON crm_leads REFERENCING OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION crm_lead_totals_deleted()`);
    await q.query(`
      CREATE TRIGGER crm_lead_totals_updated AFTER UPDATE ON crm_leads
      REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update
      FOR EACH STATEMENT EXECUTE FUNCTION crm_lead_totals_updated()`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const event of ['inserted', 'deleted', 'updated']) {
      await q.query(`DROP TRIGGER IF EXISTS crm_lead_totals_${event} ON crm_leads`);
      await q.query(`DROP FUNCTION IF EXISTS crm_lead_totals_${event}()`);
    }
    await q.query('DROP TABLE IF EXISTS crm_lead_totals');
  }
}
