import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRowSecurity, type TenantRowRule } from '../access/row-level-security';
import { TENANT_TABLES } from '../access/row-level-security.migration';
import { APP_ROLE, PERSONAL_ROLE } from '../access/tenant-connection';
import { ALL_TENANTS_ROLE, RUNTIME_ROLE } from './database-roles';

/** Tenant tables whose own migrations turned row-level security on after the first policies. */
const LATER_TENANT_TABLES: Record<string, TenantRowRule> = {
  saved_list_views: { kind: 'org', owner: 'owner_id' },
  recently_viewed_records: { kind: 'org', owner: 'owner_id' },
  crm_companies: { kind: 'org', owner: 'owner_id' },
  crm_lead_totals: { kind: 'org', owner: 'owner_id' },
  crm_import_rows: { kind: 'org', owner: 'owner_id' },
  client_error_reports: { kind: 'org', owner: 'owner_id' },
};

/** Creates a role once per server (roles are the server's, several databases may share them). */
function createRoleOnce(name: string, attributes: string): string {
  return `
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${name}') THEN
        CREATE ROLE ${name} ${attributes};
      END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$`;
}

/*
 * The logins the API works as (docs/adr/0016-identity.md), replacing the owner switching roles and
 * a `tessera.system` setting any statement could set:
 * - tessera_runtime: NOINHERIT, so alone it reads nothing; it may SET ROLE to the app role or the
 *   personal role only. Not a superuser, no BYPASSRLS, owns nothing: DDL and TRUNCATE fail.
 * - tessera_all_tenants: a member of the app role (its table grants), with a policy showing every
 *   row. Nobody is a member of it, so no tenant connection can become it.
 * Their passwords are set by the owner at start-up (prepare-database.ts) or by the operator.
 */
export class RuntimeRoles1733700100000 implements MigrationInterface {
  name = 'RuntimeRoles1733700100000';

  async up(q: QueryRunner): Promise<void> {
    const locked = 'NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS';
    await q.query(createRoleOnce(RUNTIME_ROLE, `LOGIN NOINHERIT ${locked}`));
    await q.query(createRoleOnce(ALL_TENANTS_ROLE, `LOGIN INHERIT ${locked}`));
    await q.query(`GRANT ${APP_ROLE}, ${PERSONAL_ROLE} TO ${RUNTIME_ROLE}`);
    await q.query(`GRANT ${APP_ROLE} TO ${ALL_TENANTS_ROLE}`);
    const tables = { ...TENANT_TABLES, ...LATER_TENANT_TABLES };
    for (const [table, rule] of Object.entries(tables)) await enableTenantRowSecurity(q, table, rule);
    // Any other tenant table (one whose migration ran before the all-tenants role existed) gets its policy too.
    await q.query(`
      DO $$ DECLARE item record; BEGIN
        FOR item IN SELECT p.tablename FROM pg_policies p
                    WHERE p.schemaname = 'public' AND p.policyname = 'tenant_rows'
                      AND NOT EXISTS (SELECT 1 FROM pg_policies o WHERE o.schemaname = 'public'
                                        AND o.tablename = p.tablename AND o.policyname = 'all_tenants_rows') LOOP
          EXECUTE format('CREATE POLICY all_tenants_rows ON public.%I TO ${ALL_TENANTS_ROLE} USING (true) WITH CHECK (true)',
                         item.tablename);
        END LOOP;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`REVOKE ${APP_ROLE}, ${PERSONAL_ROLE} FROM ${RUNTIME_ROLE}`);
    await q.query(`REVOKE ${APP_ROLE} FROM ${ALL_TENANTS_ROLE}`);
  }
}
