import { Client } from 'pg';

/** The PostgreSQL server the run's databases are made on (trust auth on this machine and in CI). */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement on the server itself: creating and dropping a run's own databases. */
export async function onTestServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: TEST_SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
