import { Client } from 'pg';
import { type AppConfig, ConfigError } from '../config/app-config';
import { MIGRATION_LOCK, runMigrations } from './data-source';
import { setRolePasswordsSql } from './database-roles';
import { seedDemoData } from './seed/demo-seed';

export interface PreparedDatabase {
  migrations: string[];
  /** True when the demo accounts were created now. */
  seeded: boolean;
}

/** What the server does to its database before listening: migrate, and seed demo data only if asked. */
export async function prepareDatabase(config: AppConfig, databaseUrl: string): Promise<PreparedDatabase> {
  const migrations = await runMigrations(databaseUrl);
  if (config.databaseLogins?.derived) await setRolePasswords(databaseUrl, config.jwtSecret);
  const seeded = config.seedDemo ? await seedDemoData(databaseUrl) : false;
  return { migrations, seeded };
}

/**
 * The owner gives the runtime and all-tenants logins their passwords, derived from JWT_SECRET, so
 * the API logs in as them with nothing more to configure. An owner not allowed to (no CREATEROLE on
 * a managed server) is told what to set instead.
 */
async function setRolePasswords(ownerUrl: string, jwtSecret: string): Promise<void> {
  const client = new Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    // Processes started together would update the same role rows at once ("tuple concurrently updated").
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    for (const sql of setRolePasswordsSql(jwtSecret)) await alterRoleRetryingRace(client, sql);
  } catch (error) {
    throw new ConfigError(
      `the database owner of DATABASE_URL cannot set the passwords of tessera_runtime and tessera_all_tenants (${(error as Error).message}): give it CREATEROLE, or set the roles' passwords yourself and set DATABASE_RUNTIME_URL and DATABASE_ALL_TENANTS_URL (docs/operations.md)`,
    );
  } finally {
    await client.end();
  }
}

/**
 * Roles belong to the whole cluster, but an advisory lock only to one database: processes starting at
 * once on two databases of one cluster (the API tests' processes, or two deployments sharing a
 * server) can still update the same role row together, and PostgreSQL refuses the later one. It is
 * tried again: the row is then free.
 */
async function alterRoleRetryingRace(client: Client, sql: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(sql);
      return;
    } catch (error) {
      if (attempt >= 5 || !/tuple concurrently updated/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}
