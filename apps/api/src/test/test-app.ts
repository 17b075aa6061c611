import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { INSTITUTION_HEADER } from '@tessera/data-access/contracts';
import { Client } from 'pg';
import request from 'supertest';
import { loadAppConfig } from '../config/app-config';
import { createApp } from '../create-app';

export interface TestApp {
  app: NestFastifyApplication;
  /** http://127.0.0.1:<port> of the listening test server. */
  url: string;
  close(): Promise<void>;
}

export function testDatabaseUrl(): string {
  const url = process.env.TESSERA_TEST_DATABASE_URL;
  if (!url)
    throw new Error('TESSERA_TEST_DATABASE_URL is not set: run API tests through jest (global setup)');
  return url;
}

/** The real API on the run's database, listening on a free port, speaking real HTTP. */
export async function createTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const config = loadAppConfig({
    ...process.env,
    DATABASE_URL: testDatabaseUrl(),
    SEED_DEMO: '0',
    JWT_SECRET: 'test-secret',
    ...env,
  });
  const app = await createApp(config, testDatabaseUrl(), { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

export interface Session {
  agent: ReturnType<typeof request.agent>;
  userId: string;
  /** Institution ids by slug, from the user's own list. */
  institutions: Record<string, string>;
  /** Adds X-Institution-Id for the named institution (or a raw id). */
  headers(institution: string): Record<string, string>;
}

/** Signs in on any API under test: an in-process test app, or an API process (`startApiProcess`). */
export async function signIn(
  testApp: Pick<TestApp, 'url'>,
  email: string,
  password = 'tessera-demo',
): Promise<Session> {
  const agent = request.agent(testApp.url);
  const response = await agent.post('/api/auth/sign-in').send({ email, password }).expect(200);
  const list = await agent.get('/api/institutions').expect(200);
  const institutions = Object.fromEntries(
    (list.body as Array<{ slug: string; id: string }>).map((row) => [row.slug, row.id]),
  );
  return {
    agent,
    userId: response.body.user.id,
    institutions,
    headers: (institution) => ({ [INSTITUTION_HEADER]: institutions[institution] ?? institution }),
  };
}

/** Institution ids by slug straight from the database (for institutions the caller is not in). */
export async function institutionIds(): Promise<Record<string, string>> {
  const client = new Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ slug: string; id: string }>('SELECT slug, id FROM institutions');
    return Object.fromEntries(rows.map((row) => [row.slug, row.id]));
  } finally {
    await client.end();
  }
}

/** Runs SQL on the run's database (assertions about what was, or was not, written). */
export async function queryTestDatabase<T extends Record<string, unknown>>(
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
