import { DataSource, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

/** Options shared by the Nest connection and the stand-alone migration runner. */
export function dataSourceOptions(url: string, poolSize = 10): DataSourceOptions {
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
    extra: { max: poolSize },
  };
}

export async function runMigrations(url: string): Promise<string[]> {
  const dataSource = new DataSource({ ...dataSourceOptions(url, 1), entities: [] });
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
