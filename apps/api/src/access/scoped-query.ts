import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { NotFoundError } from '../common/domain-errors';
import type { TenantScope } from './tenant-scope';

/*
 * The scope layer: the one place that says which rows of an org-scoped table a request may touch
 * (docs/product/access.md#data-scope). Every service query on such a table takes its condition
 * from here; row-level security (row-level-security.ts) enforces the same rule in the database.
 * - with X-Institution-Id: every row of that institution (`org_id = institution`), whoever owns it;
 * - without it: the caller's personal rows (`owner_id = caller AND org_id IS NULL`), so personal
 *   rows never leak into an institution and institution rows never show up as personal ones.
 */

/** Whose rows: the institution's, or (institutionId null) the user's own. */
export type RowOwner = Pick<TenantScope, 'institutionId' | 'userId'>;

export function scopeCondition(scope: RowOwner, alias: string): { sql: string; params: ObjectLiteral } {
  return scope.institutionId
    ? { sql: `${alias}.org_id = :scopeOrgId`, params: { scopeOrgId: scope.institutionId } }
    : {
        sql: `${alias}.org_id IS NULL AND ${alias}.owner_id = :scopeOwnerId`,
        params: { scopeOwnerId: scope.userId },
      };
}

/** Adds the scope to a query builder (as its first WHERE). */
export function inScope<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  scope: RowOwner,
  alias = query.alias,
): SelectQueryBuilder<T> {
  const { sql, params } = scopeCondition(scope, alias);
  return query.andWhere(`(${sql})`, params);
}

/**
 * The same rule for raw SQL: the condition and its parameters, numbered from `firstParam` (`$n`),
 * to splice into a hand-written query.
 */
export function scopeSql(
  scope: RowOwner,
  alias: string,
  firstParam: number,
): { sql: string; params: unknown[] } {
  return scope.institutionId
    ? { sql: `${alias}.org_id = $${firstParam}`, params: [scope.institutionId] }
    : { sql: `${alias}.org_id IS NULL AND ${alias}.owner_id = $${firstParam}`, params: [scope.userId] };
}

/** Who a new row belongs to: the scope's institution (or none) and the caller. */
export function ownership(scope: RowOwner): { org_id: string | null; owner_id: string } {
  return { org_id: scope.institutionId, owner_id: scope.userId };
}

/** Org-scoped tables a request may point at by id (fixed names, never user input). */
export type ScopedTable =
  | 'crm_leads'
  | 'crm_contacts'
  | 'crm_companies'
  | 'crm_deals'
  | 'crm_email_campaigns'
  | 'automation_rules'
  | 'crm_automation_workflows'
  | 'records';

/**
 * A referenced row (a deal's contact, an activity's deal …) must be in the caller's scope: another
 * tenant's id answers 404 exactly as if it did not exist. `lock` takes a row lock for
 * read-modify-write rules.
 */
export async function requireInScope(
  manager: EntityManager,
  scope: RowOwner,
  table: ScopedTable,
  id: string,
  what: string,
  lock = false,
): Promise<void> {
  const condition = scopeSql(scope, 't', 2);
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM ${table} t WHERE t.id = $1 AND ${condition.sql}${lock ? ' FOR UPDATE' : ''}`,
    [id, ...condition.params],
  );
  if (rows.length === 0) throw new NotFoundError(what);
}
