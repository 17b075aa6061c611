import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every CRM row carries org_id and owner_id, child rows too: a contact's custom fields and a
 * workflow's execution log take them from their parent. A trigger copies them on insert, so
 * writers that only know the parent (the API, the seed, the workflow runner) stay correct and a
 * child can never claim another tenant than its parent.
 */
export class CrmChildOwnership1732500000000 implements MigrationInterface {
  name = 'CrmChildOwnership1732500000000';

  async up(q: QueryRunner): Promise<void> {
    for (const [table, parent, key] of [
      ['crm_contact_custom_fields', 'crm_contacts', 'contact_id'],
      ['crm_workflow_executions', 'crm_automation_workflows', 'workflow_id'],
    ] as const) {
      await q.query(`
        ALTER TABLE ${table}
          ADD COLUMN org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
          ADD COLUMN owner_id uuid REFERENCES users(id)`);
      await q.query(
        `UPDATE ${table} child SET org_id = p.org_id, owner_id = p.owner_id FROM ${parent} p WHERE p.id = child.${key}`,
      );
      await q.query(`ALTER TABLE ${table} ALTER COLUMN owner_id SET NOT NULL`);
      await q.query(`CREATE INDEX ${table}_org_idx ON ${table} (org_id)`);
    }
    await q.query(`
      CREATE FUNCTION crm_inherit_ownership() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        parent_org uuid;
        parent_owner uuid;
      BEGIN
        IF TG_TABLE_NAME = 'crm_contact_custom_fields' THEN
          SELECT org_id, owner_id INTO parent_org, parent_owner FROM crm_contacts WHERE id = NEW.contact_id;
        ELSE
          SELECT org_id, owner_id INTO parent_org, parent_owner FROM crm_automation_workflows WHERE id = NEW.workflow_id;
        END IF;
        NEW.org_id := parent_org;
        NEW.owner_id := parent_owner;
        RETURN NEW;
      END
      $fn$`);
    await q.query(`
      CREATE TRIGGER crm_contact_custom_fields_ownership BEFORE INSERT OR UPDATE OF contact_id
        ON crm_contact_custom_fields FOR EACH ROW EXECUTE FUNCTION crm_inherit_ownership()`);
    await q.query(`
      CREATE TRIGGER crm_workflow_executions_ownership BEFORE INSERT OR UPDATE OF workflow_id
        ON crm_workflow_executions FOR EACH ROW EXECUTE FUNCTION crm_inherit_ownership()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS crm_workflow_executions_ownership ON crm_workflow_executions`);
    await q.query(`DROP TRIGGER IF EXISTS crm_contact_custom_fields_ownership ON crm_contact_custom_fields`);
    await q.query(`DROP FUNCTION IF EXISTS crm_inherit_ownership()`);
    for (const table of ['crm_contact_custom_fields', 'crm_workflow_executions']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN IF EXISTS owner_id, DROP COLUMN IF EXISTS org_id`);
    }
  }
}
