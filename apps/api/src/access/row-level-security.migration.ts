import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRowSecurity, type TenantRowRule } from './row-level-security';
import { APP_ROLE, PERSONAL_ROLE } from './tenant-connection';

/** Every table holding one organisation's (or one person's) rows, and how its rows say whose they are. */
export const TENANT_TABLES: Record<string, TenantRowRule> = {
  automation_rule_runs: { kind: 'org', owner: 'owner_id' },
  automation_rules: { kind: 'org', owner: 'owner_id' },
  crm_activities: { kind: 'org', owner: 'owner_id' },
  crm_automation_workflows: { kind: 'org', owner: 'owner_id' },
  crm_contact_custom_fields: { kind: 'org', owner: 'owner_id' },
  crm_contacts: { kind: 'org', owner: 'owner_id' },
  crm_deal_files: { kind: 'org', owner: 'uploaded_by' },
  crm_deals: { kind: 'org', owner: 'owner_id' },
  crm_email_campaigns: { kind: 'org', owner: 'owner_id' },
  crm_lead_qualifications: { kind: 'org', owner: 'owner_id' },
  crm_lead_score_runs: { kind: 'org', owner: 'requested_by' },
  crm_leads: { kind: 'org', owner: 'owner_id' },
  crm_scoring_rules: { kind: 'org', owner: 'owner_id' },
  crm_segments: { kind: 'org', owner: 'owner_id' },
  crm_workflow_executions: { kind: 'org', owner: 'owner_id' },
  mail_outbox: { kind: 'org', owner: 'created_by' },
  record_imports: { kind: 'org', owner: 'owner_id' },
  records: { kind: 'org', owner: 'owner_id' },
  audit_log: { kind: 'institution' },
  feature_flags: { kind: 'institution' },
  institution_invitations: { kind: 'institution' },
  institution_remote_pins: { kind: 'institution' },
  invoices: { kind: 'institution' },
  payment_methods: { kind: 'institution' },
  payments: { kind: 'institution' },
  institution_members: { kind: 'member' },
  member_module_access: { kind: 'member' },
  crm_user_preferences: { kind: 'user' },
};

/*
 * The API's own role and row-level security beneath the scope layer (docs/adr: scope layer and
 * row-level security). The migration runs as the database owner, which RLS does not restrict; the
 * API switches each connection to `tessera_app`, which it does.
 */
export class RowLevelSecurity1733500000000 implements MigrationInterface {
  name = 'RowLevelSecurity1733500000000';

  async up(q: QueryRunner): Promise<void> {
    // Roles belong to the server, not the database: the role may exist already (another database,
    // a test run creating its database at the same moment, or an operator who created them because
    // the database owner may not create roles: docs/operations.md).
    await q.query(`
      DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
          CREATE ROLE ${APP_ROLE} NOLOGIN NOBYPASSRLS;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $$`);
    await q.query(`
      DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${PERSONAL_ROLE}') THEN
          CREATE ROLE ${PERSONAL_ROLE} NOLOGIN NOBYPASSRLS INHERIT IN ROLE ${APP_ROLE};
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $$`);
    // The connecting user (not necessarily a superuser in production) must be allowed to SET ROLE.
    await q.query(`
      DO $$ BEGIN
        IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
          EXECUTE format('GRANT ${APP_ROLE}, ${PERSONAL_ROLE} TO %I', current_user);
        END IF;
      END $$`);
    await q.query(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`);
    await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`);
    await q.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`);
    // Tables of later migrations (run by the same owner) are granted as they are created.
    await q.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE}`,
    );
    await q.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${APP_ROLE}`,
    );

    // The job queue keeps its own schema and creates its own tables (one per queue) at start:
    // it belongs to the app role. No tenant rows live there.
    await q.query(`CREATE SCHEMA IF NOT EXISTS pgboss AUTHORIZATION ${APP_ROLE}`);
    await q.query(`
      DO $$ DECLARE item record; BEGIN
        EXECUTE 'ALTER SCHEMA pgboss OWNER TO ${APP_ROLE}';
        FOR item IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname = 'pgboss' AND c.relkind IN ('r', 'p', 'S', 'v') LOOP
          EXECUTE format('ALTER %s pgboss.%I OWNER TO ${APP_ROLE}',
            CASE item.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' ELSE 'TABLE' END, item.relname);
        END LOOP;
        FOR item IN SELECT p.oid::regprocedure AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                    WHERE n.nspname = 'pgboss' LOOP
          EXECUTE format('ALTER ROUTINE %s OWNER TO ${APP_ROLE}', item.signature);
        END LOOP;
        FOR item IN SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
                    WHERE n.nspname = 'pgboss' AND t.typtype = 'e' LOOP
          EXECUTE format('ALTER TYPE pgboss.%I OWNER TO ${APP_ROLE}', item.typname);
        END LOOP;
      END $$`);

    for (const [table, rule] of Object.entries(TENANT_TABLES)) await enableTenantRowSecurity(q, table, rule);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of Object.keys(TENANT_TABLES)) {
      await q.query(`DROP POLICY IF EXISTS tenant_rows ON ${table}`);
      await q.query(`DROP POLICY IF EXISTS personal_rows ON ${table}`);
      await q.query(`ALTER TABLE ${table} DISABLE ROW LEVEL SECURITY`);
    }
  }
}
