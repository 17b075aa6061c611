import type { AppConfig } from '../config/app-config';
import { runMigrations } from './data-source';
import { seedDemoData } from './seed/demo-seed';

export interface PreparedDatabase {
  migrations: string[];
  /** True when the demo accounts were created now. */
  seeded: boolean;
}

/** What the server does to its database before listening: migrate, and seed demo data only if asked. */
export async function prepareDatabase(config: AppConfig, databaseUrl: string): Promise<PreparedDatabase> {
  const migrations = await runMigrations(databaseUrl);
  const seeded = config.seedDemo ? await seedDemoData(databaseUrl) : false;
  return { migrations, seeded };
}
