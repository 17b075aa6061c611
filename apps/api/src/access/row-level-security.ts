import type { QueryRunner } from 'typeorm';
import { APP_ROLE } from './tenant-connection';

/*
 * Row-level security policies, keyed on the settings the scope layer puts on each connection
 * (tenant-connection.ts). The expressions are written out rather than wrapped in SQL functions so
 * the planner sees plain comparisons it can use indexes for.
 */
const system = `current_setting('tessera.system', true) = 'on'`;
const institution = `NULLIF(current_setting('tessera.institution_id', true), '')::uuid`;
const user = `NULLIF(current_setting('tessera.user_id', true), '')::uuid`;

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

export function tenantRowCondition(rule: TenantRowRule): string {
  switch (rule.kind) {
    case 'org':
      return `${system} OR org_id = ${institution} OR (org_id IS NULL AND ${institution} IS NULL AND ${rule.owner} = ${user})`;
    case 'institution':
      return `${system} OR institution_id = ${institution}`;
    case 'member':
      return `${system} OR institution_id = ${institution} OR user_id = ${user}`;
    case 'user':
      return `${system} OR user_id = ${user}`;
  }
}

/** Turns row-level security on for `table` (created by a migration) with the tenant policy. */
export async function enableTenantRowSecurity(
  q: QueryRunner,
  table: string,
  rule: TenantRowRule,
): Promise<void> {
  const condition = tenantRowCondition(rule);
  await q.query(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
  await q.query(`DROP POLICY IF EXISTS tenant_rows ON ${table}`);
  await q.query(
    `CREATE POLICY tenant_rows ON ${table} TO ${APP_ROLE} USING (${condition}) WITH CHECK (${condition})`,
  );
}
