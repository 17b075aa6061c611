#!/usr/bin/env node
// `npm run bench`: speed and size goals, measured (not asserted in tests). Needs the production
// build (`npx nx run-many -t build`) and a PostgreSQL server (TEST_DATABASE_URL, as for tests).
// Starts the API on a fresh database, generates volume, measures, prints each goal as met or missed.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const results = [];

function record(name, value, unit, goal, met) {
  results.push({ name, value, unit, goal, met });
  console.log(`${met ? 'met   ' : 'MISSED'} ${name}: ${value} ${unit} (goal ${goal})`);
}

// ---- bundle sizes -------------------------------------------------------------------------
function gzSize(file) {
  return gzipSync(readFileSync(file)).length;
}

function initialShellKb() {
  const dist = join(root, 'apps', 'shell', 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="\/?([^"]+)"/g)].map((match) => join(dist, match[1]));
  return Math.round(scripts.reduce((total, file) => total + gzSize(file), 0) / 1024);
}

function remoteEntryKb(app) {
  const dist = join(root, 'apps', app, 'dist');
  const entry = join(dist, 'remoteEntry.js');
  return existsSync(entry) ? Math.round(gzSize(entry) / 1024) : Number.NaN;
}

function totalJsKb(app) {
  const dist = join(root, 'apps', app, 'dist');
  const walk = (dir) =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return path.endsWith('.js') ? [path] : [];
    });
  return Math.round(walk(dist).reduce((total, file) => total + gzSize(file), 0) / 1024);
}

// ---- API ------------------------------------------------------------------------------------
async function admin(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function startServer(databaseUrl, port) {
  const server = spawn(process.execPath, [join(root, 'apps', 'api', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JWT_SECRET: 'bench-secret-of-at-least-thirty-two-bytes',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill();
  throw new Error('bench server did not start');
}

async function signIn(base) {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@acme.test', password: 'tessera-demo' }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const institutions = await (await fetch(`${base}/api/institutions`, { headers: { cookie } })).json();
  return { cookie, institutionId: institutions.find((row) => row.slug === 'acme').id };
}

/** `total` requests, `concurrency` at a time; latency percentiles and throughput. */
async function load(url, headers, total = 400, concurrency = 8) {
  const latencies = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] * 10) / 10;
  return { p50: pct(50), p95: pct(95), rps: Math.round(total / seconds), failures };
}

async function main() {
  const shellKb = initialShellKb();
  record('shell entry script (gzip)', shellKb, 'KB', '≤ 60 KB', shellKb <= 60);
  // Everything the shell can load (React, router, query, styled-components and its own pages).
  const shellTotalKb = totalJsKb('shell');
  record('shell all JS (gzip)', shellTotalKb, 'KB', '≤ 350 KB', shellTotalKb <= 350);
  for (const app of ['crm-remote', 'industry-remotes']) {
    const entry = remoteEntryKb(app);
    record(`${app} remoteEntry (gzip)`, entry, 'KB', '≤ 60 KB', entry <= 60);
    record(`${app} all JS (gzip)`, totalJsKb(app), 'KB', 'reported', true);
  }

  const database = `tessera_bench_${process.pid}_${Date.now()}`;
  await admin(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${database}`;
  const port = 45000 + (process.pid % 5000);
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(databaseUrl.toString(), port);
  try {
    const generator = join(root, 'tools', 'generate-crm-data.mjs');
    if (existsSync(generator)) {
      const started = performance.now();
      await new Promise((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [generator, '--leads', '100000', '--deals', '10000', '--institution', 'acme'],
          {
            env: { ...process.env, DATABASE_URL: databaseUrl.toString() },
            stdio: ['ignore', 'ignore', 'inherit'],
          },
        );
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`generator exited ${code}`))));
      });
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      record('generate 100,000 leads + 10,000 deals', seconds, 's', '≤ 60 s', seconds <= 60);
    }
    const { cookie, institutionId } = await signIn(base);
    const headers = { cookie, 'x-institution-id': institutionId };
    const endpoints = [
      ['me-access', `${base}/functions/v1/me-access`, 30],
      ['remote registry', `${base}/api/remotes`, 30],
      ['records list (patients, 25 rows)', `${base}/api/modules/healthcare/patients/records?limit=25`, 50],
      ['records search (tasks)', `${base}/api/modules/project/tasks/records?search=review&limit=25`, 50],
      ['CRM leads page (100k leads, by score)', `${base}/api/crm/leads?limit=25`, 100],
      ['CRM deals (pipeline)', `${base}/api/crm/deals?limit=500`, 250],
    ];
    for (const [name, url, goalMs] of endpoints) {
      const probe = await fetch(url, { headers });
      if (probe.status === 404) continue;
      const result = await load(url, headers);
      record(
        `${name} p95`,
        result.p95,
        'ms',
        `≤ ${goalMs} ms at 8 concurrent`,
        result.p95 <= goalMs && result.failures === 0,
      );
      record(`${name} throughput`, result.rps, 'req/s', 'reported', true);
    }
    const rss = Number(readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
    record('API resident memory after load', Math.round(rss / 1024), 'MB', '≤ 400 MB', rss / 1024 <= 400);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
  const missed = results.filter((result) => !result.met).length;
  console.log(`\n${results.length - missed} goals met, ${missed} missed`);
  process.exit(missed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
