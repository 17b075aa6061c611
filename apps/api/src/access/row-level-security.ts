import type { QueryRunner } from 'typeorm';
import { ALL_TENANTS_ROLE } from '../database/database-roles';
import { APP_ROLE, PERSONAL_ROLE } from './tenant-connection';

/*
 * Row-level security policies, keyed on the settings the scope layer puts on each connection
 * (tenant-connection.ts). Each setting is read once per statement (a sub-select becomes an
 * InitPlan), so the per-row test is a plain comparison. Institution and personal work run as two
 * roles with a policy each, so the policy of the hot path names `org_id` alone and counts over an
 * institution's rows stay index-only; the personal role is a member of the app role and sees the
 * union of both policies (nothing of any institution, since no institution is set). Work across
 * tenants is the all-tenants role's, a login of its own with a policy that shows every row: no
 * setting a statement can make opens more than the one tenant it names.
 */
const institution = `(SELECT NULLIF(current_setting('tessera.institution_id', true), '')::uuid)`;
const user = `(SELECT NULLIF(current_setting('tessera.user_id', true), '')::uuid)`;

/** How a table says whose a row is. */
export type TenantRowRule =
  /** `org_id` names the institution; without one, `owner` names the person whose personal row it is. */
  | { kind: 'org'; owner: string }
  /** `institution_id` names the institution (administration data). */
  | { kind: 'institution' }
  /** An institution's rows, and each person's own rows in any institution (memberships). */
  | { kind: 'member' }
  /** One person's rows, whatever the institution. */
  | { kind: 'user' };

/** The conditions for the app role (institution work) and for personal work. */
export function tenantRowConditions(rule: TenantRowRule): { app: string; personal: string | null } {
  switch (rule.kind) {
    case 'org':
      return {
        app: `org_id = ${institution}`,
        personal: `org_id IS NULL AND ${rule.owner} = ${user}`,
      };
    case 'institution':
      return { app: `institution_id = ${institution}`, personal: null };
    case 'member':
      return { app: `institution_id = ${institution} OR user_id = ${user}`, personal: null };
    case 'user':
      return { app: `user_id = ${user}`, personal: null };
  }
}

/** Turns row-level security on for `table` (created by a migration) with the tenant policies. */
export async function enableTenantRowSecurity(
  q: QueryRunner,
  table: string,
  rule: TenantRowRule,
): Promise<void> {
  const { app, personal } = tenantRowConditions(rule);
  await q.query(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
  await q.query(`DROP POLICY IF EXISTS tenant_rows ON ${table}`);
  await q.query(`DROP POLICY IF EXISTS personal_rows ON ${table}`);
  await q.query(`DROP POLICY IF EXISTS all_tenants_rows ON ${table}`);
  // Tables created before the all-tenants role existed get this policy from the migration that made it.
  await q.query(`
    DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${ALL_TENANTS_ROLE}') THEN
        CREATE POLICY all_tenants_rows ON ${table} TO ${ALL_TENANTS_ROLE} USING (true) WITH CHECK (true);
      END IF;
    END $$`);
  await q.query(`CREATE POLICY tenant_rows ON ${table} TO ${APP_ROLE} USING (${app}) WITH CHECK (${app})`);
  if (personal)
    await q.query(
      `CREATE POLICY personal_rows ON ${table} TO ${PERSONAL_ROLE} USING (${personal}) WITH CHECK (${personal})`,
    );
}
