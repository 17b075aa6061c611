import { runMigrations } from '../database/data-source';
import { seedDemoData } from '../database/seed/demo-seed';
import { createDatabase, TEST_SERVER_URL } from './test-database';

/** One fresh database per run: migrated, seeded with the demo data, dropped by the teardown. */
export default async function globalSetup(): Promise<void> {
  const { name, url } = await createDatabase(TEST_SERVER_URL, 'tessera_api_test');
  process.env.TESSERA_TEST_DATABASE = name;
  process.env.TESSERA_TEST_DATABASE_URL = url;
  await runMigrations(url);
  await seedDemoData(url);
}
