import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { onTestServer, TEST_SERVER_URL } from '../test-database';
import { Client } from 'pg';

export const root = join(__dirname, '..', '..', '..');

export interface OwnServer {
  base: string;
  databaseUrl: string;
  /** Runs SQL on this server's database. */
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/**
 * An API server of the journey's own, on a database of its own seeded with the demo data: a
 * release published there, or a module registered there, is the latest for every institution of
 * THAT server only, so the journeys on the shared server keep the workspace build and catalogue.
 */
export async function startOwnServer(portOffset: number, name: string): Promise<OwnServer> {
  const webRoot = process.env.E2E_WEB_ROOT;
  if (!webRoot) throw new Error('E2E_WEB_ROOT is set by the global setup');
  const database = `tessera_e2e_${name}_${process.pid}_${Date.now()}`;
  await onTestServer(`CREATE DATABASE ${database}`);
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  const port = Number(process.env.E2E_PORT) + portOffset;
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [join(root, 'apps', 'api', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '1',
      WEB_ROOT: webRoot,
      PUBLIC_URL: base,
      JWT_SECRET: `${name}-secret-of-at-least-thirty-two-bytes`,
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await onTestServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        return {
          base,
          databaseUrl,
          stop,
          query: async (sql, params = []) => {
            const client = new Client({ connectionString: databaseUrl });
            await client.connect();
            try {
              return (await client.query(sql, params)).rows;
            } finally {
              await client.end();
            }
          },
        };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the ${name} server did not start`);
}

/** A super admin's API session from Node (cookies and the Origin a browser would send). */
export async function superAdminApi(base: string) {
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email: 'admin@tessera.app', password: 'tessera-admin' }),
  });
  if (!signIn.ok) throw new Error(`super admin sign-in: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { Cookie: cookie, Origin: base, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    call,
    async deployToken(remote: string, name: string): Promise<string> {
      return (
        await call<{ token: string }>('POST', `/api/platform/remotes/${remote}/deploy-tokens`, { name })
      ).token;
    },
    async institutionId(slug: string): Promise<string> {
      const rows = await call<Array<{ id: string; slug: string }>>('GET', '/api/platform/institutions');
      const row = rows.find((institution) => institution.slug === slug);
      if (!row) throw new Error(`no institution ${slug}`);
      return row.id;
    },
  };
}

/** `npm run publish:remote -- <key> --url … --token … --no-build --dir <dist>`: answers the published version. */
export function publishRemote(
  key: string,
  base: string,
  token: string,
  dir: string,
  version?: string,
): string {
  const result = spawnSync(
    process.execPath,
    [
      join(root, 'tools', 'publish-remote.mjs'),
      key,
      '--url',
      base,
      '--token',
      token,
      '--no-build',
      '--dir',
      dir,
      ...(version ? ['--version', version] : []),
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`publish:remote failed: ${result.stderr}`);
  const match = new RegExp(`Published ${key} (\\S+):`).exec(result.stdout);
  if (!match?.[1]) throw new Error(`unexpected publish output: ${result.stdout}`);
  return match[1];
}
