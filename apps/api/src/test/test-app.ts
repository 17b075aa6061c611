import 'reflect-metadata';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { INSTITUTION_HEADER } from '@tessera/data-access/contracts';
import { Client } from 'pg';
import type { Response } from 'superagent';
import request from 'supertest';
import { loadAppConfig } from '../config/app-config';
import { buildApiDocument } from '../common/api-document';
import { createApp } from '../create-app';
import { ResponseContract, ResponseSchemas } from './response-contract';
import { runApiDocumentFile } from './test-database';

export interface TestApp {
  app: NestFastifyApplication;
  /** http://127.0.0.1:<port> of the listening test server. */
  url: string;
  /**
   * Bodies that did not match the OpenAPI document since the last call; close() fails on any left.
   * useTestApi takes them after every test.
   */
  takeResponseViolations(): string[];
  close(): Promise<void>;
}

export function testDatabaseUrl(): string {
  const url = process.env.TESSERA_TEST_DATABASE_URL;
  if (!url)
    throw new Error('TESSERA_TEST_DATABASE_URL is not set: run API tests through jest (global setup)');
  return url;
}

/** Long enough for production's minimum: the test server runs with DATABASE_URL set. */
export const TEST_JWT_SECRET = 'test-secret-of-at-least-thirty-two-bytes';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Hourly mail quotas no test reaches by accident (see docs/security.md for the real defaults). */
export const GENEROUS_MAIL_QUOTAS: NodeJS.ProcessEnv = {
  MAIL_TO_ADDRESS_PER_HOUR: '1000',
  INVITATIONS_PER_INSTITUTION_PER_HOUR: '10000',
  PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: '1000',
  CAMPAIGN_TESTS_PER_PERSON_PER_HOUR: '1000',
};

let responseSchemas: ResponseSchemas | undefined;

/**
 * The run's OpenAPI document, when a test file before this one built it. Every app of a run is the
 * same code, so the document is the same: scanning the controllers takes about a second per app.
 */
function runApiDocument(): OpenAPIObject | undefined {
  const file = runApiDocumentFile();
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as OpenAPIObject) : undefined;
}

function keepRunApiDocument(document: OpenAPIObject): void {
  // Written aside and renamed: a worker reading at the same moment sees all of it or nothing.
  const file = runApiDocumentFile();
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(document));
  renameSync(partial, file);
}

/**
 * The real API on the run's database, listening on a free port, speaking real HTTP. PUBLIC_URL is
 * the address it listens on, so requests that send that Origin pass the cross-site check.
 */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  options: { serveWeb?: boolean } = {},
): Promise<TestApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadAppConfig({
    ...process.env,
    DATABASE_URL: testDatabaseUrl(),
    SEED_DEMO: '0',
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: url,
    PAYMENT_PROVIDER: 'test',
    API_DOCS: '1',
    // Every suite shares the run's database and mostly the demo institutions, so hourly mail quotas
    // would count other suites' messages: mail-abuse.e2e-spec.ts proves them with their own values.
    ...GENEROUS_MAIL_QUOTAS,
    ...env,
  });
  // TEST_LOGS=1 shows the server's log (errors behind a 500) while debugging a test.
  const contract = new ResponseContract();
  const known = responseSchemas ? undefined : runApiDocument();
  const app = await createApp(config, testDatabaseUrl(), {
    logger: process.env.TEST_LOGS === '1',
    serveWeb: options.serveWeb,
    observe: (fastify) => contract.observe(fastify),
    apiDocument: responseSchemas?.document ?? known,
  });
  if (!responseSchemas) {
    const document = known ?? buildApiDocument(app);
    if (!known) keepRunApiDocument(document);
    responseSchemas = new ResponseSchemas(document);
  }
  contract.use(responseSchemas);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    url,
    takeResponseViolations: () => contract.take(),
    close: async () => {
      await app.close();
      failOnViolations(contract.take());
    },
  };
}

export function failOnViolations(violations: string[]): void {
  if (violations.length > 0)
    throw new Error(`Responses that do not match the OpenAPI document:\n${violations.join('\n')}`);
}

/**
 * A supertest parser (`.buffer(true).parse(asBytes)`) that keeps a response body as its bytes, for
 * downloads and compressed assets, which supertest would otherwise read as text or drop.
 */
export function asBytes(response: Response, done: (error: Error | null, body: Buffer) => void): void {
  const parts: Buffer[] = [];
  response.on('data', (part: Buffer) => parts.push(part));
  response.on('end', () => done(null, Buffer.concat(parts)));
}

export interface Session {
  agent: ReturnType<typeof request.agent>;
  userId: string;
  /** Institution ids by slug, from the user's own list. */
  institutions: Record<string, string>;
  /** Adds X-Institution-Id for the named institution (or a raw id). */
  headers(institution: string): Record<string, string>;
}

/**
 * A signed-in client on any API under test (an in-process test app, or an API process from
 * `startApiProcess`). It sends the app's own Origin as a browser would: writes that carry the
 * session cookie are refused without it.
 */
export async function signIn(
  testApp: Pick<TestApp, 'url'>,
  email: string,
  password = 'tessera-demo',
): Promise<Session> {
  const agent = request.agent(testApp.url).set('Origin', testApp.url);
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
