import type { Pool } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { installJobQueue } from '../jobs/job-queue-installation';
import { syncBuiltInCatalogue } from '../registry/built-in-catalogue';
import { MIGRATIONS } from './migrations';

/** The pg pool behind an initialised TypeORM data source (its driver's `master`). */
export function pgPoolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

export interface SessionSettings {
  statementTimeoutMs?: number;
  applicationName?: string;
}

/** The pg pool settings of the API's own connections (the tenant pool and the all-tenants pool alike). */
export function poolSettings(poolSize: number, session: SessionSettings = {}): Record<string, unknown> {
  const timeouts = session.statementTimeoutMs
    ? {
        statement_timeout: session.statementTimeoutMs,
        idle_in_transaction_session_timeout: Math.max(session.statementTimeoutMs * 2, 60_000),
        connectionTimeoutMillis: 10_000,
      }
    : {};
  // Shown in pg_stat_activity: which process runs a query when several share the database.
  const application = session.applicationName ? { application_name: session.applicationName } : {};
  return { max: poolSize, ...timeouts, ...application };
}

/**
 * Options shared by the Nest connection and the stand-alone migration runner. The API's own
 * connections get timeouts so one slow query or a stuck transaction cannot hold a request (and a
 * pooled connection) forever; migrations run without them.
 */
export function dataSourceOptions(
  url: string,
  poolSize = 10,
  session: SessionSettings = {},
): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    // ids come from gen_random_uuid(), built into PostgreSQL 13+ and PGlite alike.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    synchronize: false,
    poolSize,
    extra: poolSettings(poolSize, session),
  };
}

/** Any fixed number: the advisory lock that lets one process at a time migrate a database. */
export const MIGRATION_LOCK = 7_350_001;

export async function runMigrations(url: string): Promise<string[]> {
  // One connection: the session that takes the lock is the one that migrates, and closing it frees the lock.
  const dataSource = new DataSource({ ...dataSourceOptions(url, 1), entities: [] });
  await dataSource.initialize();
  try {
    // Processes started together on one database: the first migrates, the others wait, then find nothing pending.
    await dataSource.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    // The contracts' catalogue is the built-in modules' source: edits of it reach the registry on every start.
    await syncBuiltInCatalogue((sql, parameters) => dataSource.query(sql, parameters));
    // The job queue's tables are the owner's too: its DDL runs here, never on the API's logins.
    await installJobQueue(pgPoolOf(dataSource));
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
