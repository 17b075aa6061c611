// What every bench script needs around its measurement: a database of its own on the test server,
// the production API (or a floor server) started as its own process, and a signed-in session.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_JWT_SECRET = 'bench-secret-of-at-least-thirty-two-bytes';
export const DEMO = { email: 'demo@acme.test', password: 'tessera-demo' };

export async function withClient(connectionString, work) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database for one bench run: `{ name, url }`; drop it with dropBenchDatabase. */
export async function createBenchDatabase(label) {
  const name = `tessera_bench_${label}_${process.pid}_${Date.now()}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropBenchDatabase(name) {
  await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

export async function waitForHealth(base, child, what) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`${what} did not start`);
}

/** Starts `script` with `env` and waits until `base` answers its health check. */
export async function startProcess(script, env, base, what, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(base, child, what);
  return child;
}

/** The production build of the API with demo data on `databaseUrl`: `{ child, base }`. */
export async function startProductionApi(port, databaseUrl, env = {}, nodeArgs = []) {
  const base = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    join(root, 'apps', 'api', 'dist', 'main.js'),
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '1',
      PUBLIC_URL: base,
      JWT_SECRET: BENCH_JWT_SECRET,
      ...env,
    },
    base,
    'the API',
    nodeArgs,
  );
  return { child, base };
}

export async function stopProcess(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/**
 * Runs `work(api)` against the production API on a fresh database of its own, then stops the API
 * and drops the database, also when the work fails. `api` is `{ child, base, databaseUrl }`.
 * `keepDatabase` leaves the database in place (its name is printed), to look into it by hand.
 */
export async function withBenchApi(label, port, work, { env = {}, keepDatabase = false } = {}) {
  const database = await createBenchDatabase(label);
  let api = null;
  try {
    api = await startProductionApi(port, database.url, env);
    return await work({ ...api, databaseUrl: database.url });
  } finally {
    if (api) await stopProcess(api.child);
    if (keepDatabase) console.log(`Kept database ${database.name}`);
    else await dropBenchDatabase(database.name);
  }
}

/** Runs a Node script to its end (its output hidden, its errors shown); rejects when it fails. */
export async function runScript(script, args, env) {
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited ${code}`))));
  });
}

/** The session cookies of `person` signed in at `base`. */
export async function sessionCookie(base, person) {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(person),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

/** Dana signed in, working in Acme: `{ cookie, institutionId }`. */
export async function demoSession(base, person = DEMO) {
  const cookie = await sessionCookie(base, person);
  const institutions = await (await fetch(`${base}/api/institutions`, { headers: { cookie } })).json();
  return { cookie, institutionId: institutions.find((row) => row.slug === 'acme').id };
}
