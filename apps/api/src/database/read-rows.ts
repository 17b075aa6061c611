import type { Pool } from 'pg';
import { type DataSource, QueryFailedError } from 'typeorm';

/**
 * One read statement on TypeORM's own pg pool, for the hot reads that return plain rows
 * (docs/adr/0009-raw-sql-policy.md, case 4; docs/adr/0018-per-request-costs-2.md).
 *
 * `dataSource.query()` makes a query runner per statement, broadcasts its before/after events to
 * every subscriber and asks the pool for a connection through the runner; a single SELECT outside a
 * transaction needs none of it. This runs the statement with the pool's own `query()`, which takes
 * its connection through the same `connect()` TypeORM uses — bound to the tenant context by
 * access/tenant-connection.ts, so the tenant's settings and row-level security apply exactly as
 * they do to `dataSource.query()`. A failure is TypeORM's QueryFailedError, as from
 * `dataSource.query()`, so the exception filter answers it the same way.
 *
 * Reads only (their rows are the answer); writes and transactions stay with TypeORM, whose
 * subscribers (the API-key audit among them) must see them.
 */
export function readRows<Row>(dataSource: DataSource, sql: string, parameters: unknown[]): Promise<Row[]> {
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  return pool.query(sql, parameters).then(
    (result) => result.rows as Row[],
    (error: Error) => {
      throw new QueryFailedError(sql, parameters, error);
    },
  );
}
