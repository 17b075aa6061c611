import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

/** The server tests run against; a fresh database is created on it per run and dropped after. */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function createDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return { name, url: databaseUrlFor(serverUrl, name) };
}

/** A copy of `template` (which must have no open connection), much faster than migrating again. */
export async function cloneDatabase(
  serverUrl: string,
  template: string,
  name: string,
): Promise<{ name: string; url: string }> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await client.end();
  }
  return { name, url: databaseUrlFor(serverUrl, name) };
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`refusing to drop ${name}`);
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** The database of a Jest worker (1-based), as the global setup listed them. */
export function databaseUrlOfWorker(worker: number): string {
  const names = (process.env.TESSERA_TEST_DATABASES ?? '').split(',');
  const name = names[worker] ?? names[1];
  if (!name) throw new Error('TESSERA_TEST_DATABASES is set by the global setup');
  return databaseUrlFor(TEST_SERVER_URL, name);
}

/**
 * Where the run's OpenAPI document is kept for its other test files (test-app.ts), named after the
 * run's database and removed with it by the teardown.
 */
export function runApiDocumentFile(): string {
  const run = (process.env.TESSERA_TEST_DATABASES ?? 'in-band').split(',')[0];
  return join(tmpdir(), `${run}-api-document.json`);
}
