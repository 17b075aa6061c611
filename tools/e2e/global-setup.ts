import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestServer, TEST_SERVER_URL } from './test-database';
import { startRedeployBuild } from './redeploy-build';

const root = join(__dirname, '..', '..');

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the e2e server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the e2e server did not answer at ${url} within ${timeoutMs} ms`);
}

/**
 * The production build against a fresh PostgreSQL database, seeded with the demo data. The built
 * front ends are copied to a temporary web root so a test may redeploy a remote there without
 * touching the workspace's dist folders.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = process.env.E2E_PORT;
  // E2E_EMBEDDED=1 runs the server as `npm start` does: the embedded PGlite, no DATABASE_URL.
  const embedded = process.env.E2E_EMBEDDED === '1';
  const database = `tessera_e2e_${process.pid}_${Date.now()}`;
  if (!embedded) await onTestServer(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(TEST_SERVER_URL);
  databaseUrl.pathname = `/${database}`;

  const webRoot = mkdtempSync(join(tmpdir(), 'tessera-e2e-web-'));
  for (const app of ['shell', 'crm-remote', 'industry-remotes']) {
    cpSync(join(root, 'apps', app, 'dist'), join(webRoot, app, 'dist'), { recursive: true });
  }
  process.env.E2E_WEB_ROOT = webRoot;
  // Every server of the run signs sessions with one secret, as production's processes do: a journey's
  // saved session opens the servers some journeys start beside the main one too.
  process.env.E2E_JWT_SECRET = 'e2e-secret-of-at-least-thirty-two-bytes';
  if (!embedded) process.env.E2E_DATABASE_URL = databaseUrl.toString();

  // The server's log goes to a file: Playwright's own report stays readable.
  mkdirSync(join(__dirname, '.test-results'), { recursive: true });
  const log = openSync(join(__dirname, '.test-results', 'server.log'), 'w');
  const server = spawn(process.execPath, [join(root, 'apps', 'api', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: port,
      HOST: '127.0.0.1',
      ...(embedded
        ? { DATABASE_URL: '', DATA_DIR: join(webRoot, 'data') }
        : { DATABASE_URL: databaseUrl.toString() }),
      SEED_DEMO: '1',
      // The production build, opted in to what a trial needs: the test card and the API docs.
      PAYMENT_PROVIDER: 'test',
      API_DOCS: '1',
      WEB_ROOT: webRoot,
      // Links in e-mails point at the address the browser uses (cookies are per host).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JWT_SECRET: process.env.E2E_JWT_SECRET,
      // The journeys share each person's session saved by the setup project; an access token that
      // outlives the run means no page ever needs to refresh it (shell-session.ts: savedSession).
      ACCESS_TOKEN_TTL_SECONDS: String(6 * 60 * 60),
      // The integrations journey's webhook receiver listens on loopback.
      WEBHOOK_ALLOW_PRIVATE: '1',
      // Journeys invite many accounts into Acme within the hour; the hourly mail quotas themselves are
      // proven in the API tests (mail-abuse.e2e-spec.ts).
      INVITATIONS_PER_INSTITUTION_PER_HOUR: '10000',
      MAIL_TO_ADDRESS_PER_HOUR: '1000',
      PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: '1000',
      CAMPAIGN_TESTS_PER_PERSON_PER_HOUR: '1000',
    },
    stdio: ['ignore', log, log],
  });
  await waitForHealth(`http://127.0.0.1:${port}`, server, 90_000);
  mkdirSync(join(webRoot, 'crm-remote-next'));
  process.env.E2E_REDEPLOY_LABEL = `redeploy-${Date.now()}`;
  const redeployBuild = startRedeployBuild(webRoot, process.env.E2E_REDEPLOY_LABEL);

  return async () => {
    if (redeployBuild.exitCode === null && redeployBuild.signalCode === null) redeployBuild.kill('SIGTERM');
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    if (!embedded) await onTestServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(webRoot, { recursive: true, force: true });
  };
}
