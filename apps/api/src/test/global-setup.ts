import { runMigrations } from '../database/data-source';
import { seedDemoData } from '../database/seed/demo-seed';
import { cloneDatabase, createDatabase, databaseUrlOfWorker, TEST_SERVER_URL } from './test-database';

/**
 * One fresh database per run, migrated and seeded with the demo data, then one copy of it per Jest
 * worker: suites of two workers never see each other's rows nor each other's queued jobs, as when
 * they ran one after the other. The teardown drops them all.
 */
export default async function globalSetup(globalConfig: { maxWorkers?: number }): Promise<void> {
  const { name, url } = await createDatabase(TEST_SERVER_URL, 'tessera_api_test');
  await runMigrations(url);
  await seedDemoData(url);
  const workers = Math.max(1, globalConfig.maxWorkers ?? 1);
  const copies: string[] = [];
  for (let worker = 1; worker <= workers; worker += 1) {
    copies.push((await cloneDatabase(TEST_SERVER_URL, name, `${name}_w${worker}`)).name);
  }
  process.env.TESSERA_TEST_DATABASES = [name, ...copies].join(',');
  // Worker 1's copy, also for a run in band; worker-database.ts points each worker at its own.
  process.env.TESSERA_TEST_DATABASE_URL = databaseUrlOfWorker(1);
}
