import type { EntityManager } from 'typeorm';

/**
 * Unsubscribes are by address within a scope (an institution, or one person's own CRM): the
 * same person kept as two contacts is unsubscribed once for both (docs/product/campaigns.md).
 *
 * SQL: true when `email` (lower-cased) is unsubscribed in the scope given by the `org` and
 * `owner` SQL expressions of a row.
 */
export function unsubscribedSql(org: string, owner: string, email: string): string {
  return `EXISTS (SELECT 1 FROM crm_contacts unsubscribed
                   WHERE unsubscribed.unsubscribed_at IS NOT NULL
                     AND lower(unsubscribed.email) = ${email}
                     AND (unsubscribed.org_id = ${org}
                          OR (${org} IS NULL AND unsubscribed.org_id IS NULL AND unsubscribed.owner_id = ${owner})))`;
}

export interface AddressScope {
  org_id: string | null;
  owner_id: string;
}

export async function isUnsubscribed(
  manager: EntityManager,
  scope: AddressScope,
  email: string,
): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `SELECT 1 WHERE ${unsubscribedSql('$1::uuid', '$2::uuid', 'lower($3::text)')}`,
    [scope.org_id, scope.owner_id, email],
  );
  return rows.length > 0;
}

/** Marks every contact with this address in the scope; returns how many were newly marked. */
export async function unsubscribeAddress(
  manager: EntityManager,
  scope: AddressScope,
  email: string,
): Promise<number> {
  // An UPDATE answers [rows, affected count] through TypeORM's query().
  const [, marked]: [unknown[], number] = await manager.query(
    `UPDATE crm_contacts SET unsubscribed_at = now()
      WHERE unsubscribed_at IS NULL AND lower(email) = lower($3::text)
        AND (org_id = $1::uuid OR ($1::uuid IS NULL AND org_id IS NULL AND owner_id = $2::uuid))`,
    [scope.org_id, scope.owner_id, email],
  );
  return marked;
}
