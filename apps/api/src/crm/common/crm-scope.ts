import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { NotFoundError } from '../../common/domain-errors';

/**
 * The one rule for which CRM rows a request may see (docs/product/access.md#data-scope):
 * - with X-Institution-Id: every row of that institution (`org_id = institution`), whoever owns it;
 * - without it: the caller's personal rows (`owner_id = caller AND org_id IS NULL`), so personal
 *   rows never leak into an institution and institution rows never show up as personal ones.
 */
export function scopeCondition(scope: TenantScope, alias: string): { sql: string; params: ObjectLiteral } {
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
  scope: TenantScope,
  alias = query.alias,
): SelectQueryBuilder<T> {
  const { sql, params } = scopeCondition(scope, alias);
  return query.andWhere(`(${sql})`, params);
}

/**
 * The same rule for raw SQL: returns the condition and its parameters, numbered from
 * `firstParam` (`$n`), to splice into a hand-written query.
 */
export function scopeSql(
  scope: TenantScope,
  alias: string,
  firstParam: number,
): { sql: string; params: unknown[] } {
  return scope.institutionId
    ? { sql: `${alias}.org_id = $${firstParam}`, params: [scope.institutionId] }
    : { sql: `${alias}.org_id IS NULL AND ${alias}.owner_id = $${firstParam}`, params: [scope.userId] };
}

/** Who a new row belongs to: the scope's institution (or none) and the caller. */
export function ownership(scope: TenantScope): { org_id: string | null; owner_id: string } {
  return { org_id: scope.institutionId, owner_id: scope.userId };
}

/** numeric columns arrive as strings (TypeORM 1.x); amounts leave the API as numbers. */
export const numericColumn = {
  to: (value: number | null | undefined): number | null | undefined => value,
  from: (value: string | null): number | null => (value === null ? null : Number(value)),
};

/** CRM tables a request may point at by id (fixed names, never user input). */
export type ScopedTable =
  | 'crm_leads'
  | 'crm_contacts'
  | 'crm_deals'
  | 'crm_email_campaigns'
  | 'automation_rules'
  | 'crm_automation_workflows';

/**
 * A referenced record (a deal's contact, an activity's deal …) must be in the caller's scope:
 * another tenant's id answers 404 exactly as if it did not exist. `lock` takes a row lock for
 * read-modify-write rules.
 */
export async function requireInScope(
  manager: EntityManager,
  scope: TenantScope,
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

/**
 * A page and the exact total of a filtered query. The total is a plain count(*) of the same
 * WHERE (TypeORM's getManyAndCount counts DISTINCT ids, three times slower at 100k rows).
 */
export async function pageOf<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  limit: number,
  offset: number,
): Promise<{ rows: T[]; total: number; limit: number; offset: number }> {
  const counted = await query.clone().orderBy().select('count(*)', 'total').getRawOne<{ total: string }>();
  const rows = await query.take(limit).skip(offset).getMany();
  return { rows, total: Number(counted?.total ?? 0), limit, offset };
}
