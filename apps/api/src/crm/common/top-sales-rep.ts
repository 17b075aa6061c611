import type { EntityManager } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';

/**
 * The institution's top sales rep (capture of a hot lead, a workflow's assign_sales_rep): the
 * member (not a viewer) with the most won deal amount, ties broken by id so the choice is stable.
 * Personal rows have one rep: the caller.
 */
export async function topSalesRep(
  manager: EntityManager,
  scope: TenantScope,
): Promise<{ id: string; name: string }> {
  const rows: Array<{ id: string; name: string }> = scope.institutionId
    ? await manager.query(
        `SELECT u.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) AS name
           FROM institution_members m
           JOIN users u ON u.id = m.user_id
           LEFT JOIN crm_deals d ON d.org_id = m.institution_id AND d.owner_id = m.user_id AND d.stage = 'closed_won'
          WHERE m.institution_id = $1 AND m.role <> 'viewer'
          GROUP BY u.id
          ORDER BY coalesce(sum(d.amount), 0) DESC, u.id
          LIMIT 1`,
        [scope.institutionId],
      )
    : [];
  return rows[0] ?? { id: scope.userId, name: scope.email };
}
