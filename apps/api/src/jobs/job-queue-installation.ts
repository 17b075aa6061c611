import type { Pool } from 'pg';
import { type Db, PgBoss } from 'pg-boss';
import { APP_ROLE } from '../access/tenant-connection';
import { runAsSystem } from '../access/tenant-context';

/** Where pg-boss keeps its tables; apart from the product's so migrations never touch them. */
export const JOB_SCHEMA = 'pgboss';

/**
 * pg-boss runs its SQL through a `pg` pool: one driver, and one connection for PGlite. Its own
 * statements (each worker's poll, its bookkeeping) run in the system context, so on the API's pool
 * they take a connection of the all-tenants pool. Outside any context they took a request
 * connection and switched its settings: a tenant's next request on it switched them back, about 44
 * extra round trips a second under load (docs/adr/0025-per-request-costs-4.md). pg-boss's tables
 * have no row-level security; the statements are pg-boss's own.
 */
export function poolDatabase(pool: Pool): Db {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await runAsSystem('job queue', () => pool.query(text, values));
      return { rows: Array.isArray(result) ? result.flatMap((part) => part.rows ?? []) : result.rows };
    },
  };
}

/**
 * What the API's roles may do in the queue's schema: read and write jobs and run pg-boss's
 * functions, nothing more. The owner keeps the tables, so no runtime connection can alter, drop or
 * empty them (TRUNCATE is not granted). Re-granted after every install: a newer pg-boss may add tables.
 */
export function jobQueueGrantsSql(): string[] {
  return [
    `GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO ${APP_ROLE}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${JOB_SCHEMA} TO ${APP_ROLE}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${JOB_SCHEMA} TO ${APP_ROLE}`,
    `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${JOB_SCHEMA} TO ${APP_ROLE}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA ${JOB_SCHEMA} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE}`,
  ];
}

/**
 * Installs or upgrades pg-boss's schema as the database's owner (the migration's connection), then
 * grants the API's roles what they need to run jobs. pg-boss's `migrate` is DDL: the API's own
 * instances start with `migrate: false` and only check that the schema is at their version.
 * Async index builds a pg-boss upgrade queues (its "bam" table) run while this instance is up and
 * are finished by the next start's owner instance if cut short.
 */
export async function installJobQueue(pool: Pool): Promise<void> {
  const boss = new PgBoss({
    db: poolDatabase(pool),
    schema: JOB_SCHEMA,
    migrate: true,
    createSchema: true,
    supervise: false,
    schedule: false,
  });
  const failures: Error[] = [];
  boss.on('error', (error: Error) => failures.push(error));
  await boss.start();
  await boss.stop({ graceful: true, close: false, timeout: 20_000 });
  for (const sql of jobQueueGrantsSql()) await pool.query(sql);
  if (failures.length > 0) throw failures[0];
}
