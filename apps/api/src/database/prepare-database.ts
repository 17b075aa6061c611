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
    for (const sql of setRolePasswordsSql(jwtSecret)) await client.query(sql);
  } catch (error) {
    throw new ConfigError(
      `the database owner of DATABASE_URL cannot set the passwords of tessera_runtime and tessera_all_tenants (${(error as Error).message}): give it CREATEROLE, or set the roles' passwords yourself and set DATABASE_RUNTIME_URL and DATABASE_ALL_TENANTS_URL (docs/operations.md)`,
    );
  } finally {
    await client.end();
  }
}
