#!/usr/bin/env node
// `npm run bench`: speed and size goals, measured (never asserted in tests). Needs the production
// build (`npx nx run-many -t build`), a PostgreSQL server (TEST_DATABASE_URL, as for tests) and
// Chromium (/usr/bin/chromium or CHROMIUM_PATH). Starts the API on a fresh database with 100,000
// leads and 10,000 deals, and beside it two servers running the same SQL: a plain NestJS + Fastify
// app (tools/bench/nest-server.mjs, the framework's floor) and a bare node:http + pg server
// (tools/bench/bare-server.mjs); loads the three in interleaved slices with autocannon and prints,
// per endpoint, each one's req/s, p99 and CPU per request, the API's ratio to each and the host's
// steal, then sizes on the wire in Chromium and screen timings. Every goal is printed as met or
// missed; the exit code is 1 when one is missed. BENCH_ONLY=api (or --api) runs only the API against its floors (no browser, no search);
// BENCH_ONLY=mailbox runs only the connected-mailbox bench (tools/bench/mailbox.mjs);
// BENCH_ENDPOINTS=health,deal,… picks endpoints by key; BENCH_ROUNDS and BENCH_SECONDS size the load.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { measurePipeline, measureTransfers } from './browser.mjs';
import {
  BENCH_JWT_SECRET,
  createBenchDatabase,
  DEMO,
  demoSession,
  dropBenchDatabase,
  root,
  runScript,
  startProcess,
  startProductionApi,
  stopProcess,
  withClient,
} from './bench-processes.mjs';
import { measureCrmImport, recordCrmImport } from './crm-import.mjs';

const CONNECTIONS = 20;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const WARMUP_SECONDS = 2;
/** Each side's duration is split into this many slices, interleaved with the other sides'. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Only the API against its two floors: the loop to iterate on the server's per-request costs. */
const ONLY_API = process.env.BENCH_ONLY === 'api' || process.argv.includes('--api');
const ONLY_MAILBOX = process.env.BENCH_ONLY === 'mailbox';
const ENDPOINT_KEYS = process.env.BENCH_ENDPOINTS?.split(',').map((key) => key.trim()) ?? null;
const SIDES = ['api', 'nest', 'bare'];
// Production refuses a short secret.
const GLOBEX_OWNER = { email: 'owner@globex.test', password: 'tessera-demo' };
const results = [];

function record(name, value, unit, goal, met) {
  results.push({ name, value, unit, goal, met });
  console.log(`${met ? 'met   ' : 'MISSED'} ${name}: ${value} ${unit} (goal ${goal})`);
}

// ---- bundle sizes (gzip of the dist files, what the build writes beside them) ----------------
function gzSize(file) {
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file)).length;
}

function initialShellKb() {
  const dist = join(root, 'apps', 'shell', 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="\/?([^"]+)"/g)].map((match) => join(dist, match[1]));
  return Math.round(scripts.reduce((total, file) => total + gzSize(file), 0) / 1024);
}

function remoteEntryKb(app) {
  const entry = join(root, 'apps', app, 'dist', 'remoteEntry.js');
  return existsSync(entry) ? Math.round(gzSize(entry) / 1024) : Number.NaN;
}

function totalJsKb(app) {
  const walk = (dir) =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return path.endsWith('.js') ? [path] : [];
    });
  return Math.round(
    walk(join(root, 'apps', app, 'dist')).reduce((total, file) => total + gzSize(file), 0) / 1024,
  );
}

// ---- processes --------------------------------------------------------------------------------
/** BENCH_NODE_ARGS go to every server, BENCH_API_NODE_ARGS to the API's alone (`--cpu-prof …`). */
/** Space-separated node flags from the environment; empty or unset is none. */
const nodeArgsFrom = (value) => (value ?? '').split(' ').filter(Boolean);
const NODE_ARGS = nodeArgsFrom(process.env.BENCH_NODE_ARGS);

// ---- load -------------------------------------------------------------------------------------
/** USER_HZ: 100 on every Linux build this bench runs on (`getconf CLK_TCK`). */
const CLOCK_TICKS = 100;

/** CPU time the process has used so far (user + system, all its threads), in µs; Linux only. */
function cpuMicroseconds(pid) {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, counted after the command name's closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** The machine's CPU counters (/proc/stat, all cores): `{ steal, total }` in clock ticks. */
function machineTicks() {
  try {
    const counters = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1, 9).map(Number);
    return { steal: counters[7], total: counters.reduce((sum, value) => sum + value, 0) };
  } catch {
    return { steal: Number.NaN, total: Number.NaN };
  }
}

/** Share of the machine's CPU time the hypervisor gave to other guests since `before` (a VM's steal). */
function stealPercentSince(before) {
  const now = machineTicks();
  return Math.round(((now.steal - before.steal) / (now.total - before.total)) * 1000) / 10;
}

/**
 * One autocannon run; `setupRequest` may vary path and body per request (the write). With `pid`, also
 * the server process's CPU per answered request: req/s on two shared cores partly measures the load
 * generator, CPU per request does not.
 */
async function cannon(base, endpoint, headers, seconds, pid) {
  const cpuBefore = pid ? cpuMicroseconds(pid) : Number.NaN;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: endpoint.method ?? 'GET',
        path: endpoint.path,
        headers: {
          ...headers,
          ...endpoint.headers,
          ...(endpoint.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(endpoint.setupRequest ? { setupRequest: endpoint.setupRequest } : {}),
      },
    ],
  });
  const cpu = pid ? cpuMicroseconds(pid) - cpuBefore : Number.NaN;
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuPerRequest: result.requests.total > 0 ? cpu / result.requests.total : Number.NaN,
  };
}

async function answerOf(base, endpoint, headers) {
  const response = await fetch(`${base}${endpoint.path}`, { headers });
  return { status: response.status, body: await response.json() };
}

function pad(value, width) {
  return String(value).padEnd(width);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function loadAverage() {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

async function recordTransfers(apiBase) {
  const transfers = await measureTransfers(apiBase, DEMO);
  record(
    'dashboard JavaScript on the wire (cold cache)',
    transfers.dashboard.script,
    'KB',
    '≤ 300 KB',
    transfers.dashboard.script <= 300,
  );
  record(
    'CRM page, everything on the wire (cold cache)',
    transfers.crm.all,
    'KB',
    '≤ 550 KB',
    transfers.crm.all <= 550,
  );
  record(
    'Healthcare page, everything on the wire (cold cache)',
    transfers.healthcare.all,
    'KB',
    '≤ 500 KB',
    transfers.healthcare.all <= 500,
  );
  console.log(`  (by type, KB: ${JSON.stringify(transfers)})`);
}

function recordBundleSizes() {
  const shellKb = initialShellKb();
  record('shell entry script (gzip)', shellKb, 'KB', '≤ 60 KB', shellKb <= 60);
  const shellTotalKb = totalJsKb('shell');
  record('shell all JS (gzip)', shellTotalKb, 'KB', '≤ 350 KB', shellTotalKb <= 350);
  for (const app of ['crm-remote', 'industry-remotes']) {
    const entry = remoteEntryKb(app);
    record(`${app} remoteEntry (gzip)`, entry, 'KB', '≤ 60 KB', entry <= 60);
    record(`${app} all JS (gzip)`, totalJsKb(app), 'KB', 'reported', true);
  }
}

function summarise() {
  const missed = results.filter((result) => !result.met).length;
  console.log(`\n${results.length - missed} goals met, ${missed} missed`);
  process.exit(missed ? 1 : 0);
}

async function main() {
  console.log(
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB; ` +
      `load average ${loadAverage()} at start\n`,
  );
  if (ONLY_MAILBOX) {
    await recordMailbox();
    summarise();
  }
  if (!ONLY_API) recordBundleSizes();

  const database = await createBenchDatabase('api');
  const databaseUrl = new URL(database.url);
  const port = Number(process.env.BENCH_PORT ?? 20000 + (process.pid % 4000));
  const apiBase = `http://127.0.0.1:${port}`;
  const bareBase = `http://127.0.0.1:${port + 1}`;
  const nestBase = `http://127.0.0.1:${port + 2}`;
  const processes = [];
  try {
    const { child: api } = await startProductionApi(port, databaseUrl.toString(), {}, [
      ...NODE_ARGS,
      ...nodeArgsFrom(process.env.BENCH_API_NODE_ARGS),
    ]);
    processes.push(api);

    // What a user downloads, on the demo data (volume would only add API rows, measured below).
    if (!ONLY_API) await recordTransfers(apiBase);

    const started = performance.now();
    await runScript(
      join(root, 'tools', 'generate-crm-data.mjs'),
      ['--leads', '100000', '--deals', '10000', '--institution', 'acme'],
      { DATABASE_URL: databaseUrl.toString() },
    );
    const generated = Math.round((performance.now() - started) / 100) / 10;
    record('generate 100,000 leads + 10,000 deals', generated, 's', '≤ 60 s', generated <= 60);
    // The pipeline screen's goal is stated for 2,000 deals: Globex gets them (its owner's only institution).
    if (!ONLY_API)
      await runScript(
        join(root, 'tools', 'generate-crm-data.mjs'),
        ['--deals', '2000', '--institution', 'globex'],
        {
          DATABASE_URL: databaseUrl.toString(),
        },
      );
    // Fresh statistics for the planner after the bulk load, as autovacuum would do in time.
    await withClient(databaseUrl.toString(), (client) => client.query('ANALYZE'));

    // The two floors, each its own process on the same database: the plain Nest app and bare node:http.
    const pids = { api: api.pid };
    for (const [side, script, floorBase, what] of [
      ['nest', 'nest-server.mjs', nestBase, 'the plain Nest server'],
      ['bare', 'bare-server.mjs', bareBase, 'the bare server'],
    ]) {
      const env = {
        PORT: new URL(floorBase).port,
        DATABASE_URL: databaseUrl.toString(),
        JWT_SECRET: BENCH_JWT_SECRET,
      };
      const floor = await startProcess(join(root, 'tools', 'bench', script), env, floorBase, what, NODE_ARGS);
      processes.push(floor);
      pids[side] = floor.pid;
    }

    const { cookie, institutionId } = await demoSession(apiBase);
    const headers = { cookie, 'x-institution-id': institutionId };
    const deals = await (await fetch(`${apiBase}/api/crm/deals?limit=500`, { headers })).json();
    const openDeals = deals.filter((deal) => deal.status === 'open').map((deal) => deal.id);
    // An odd number of deals cycled through four stages: every request really changes a stage.
    const writeDeals = openDeals.slice(0, 101);
    const writeStages = ['prospecting', 'qualification', 'proposal', 'negotiation'];
    let writeCount = 0;
    // Goals are against the plain Nest app (the framework's floor); the bare server's ratio is shown beside.
    const endpoints = [
      { key: 'health', name: 'health (no database)', path: '/api/health', goal: 0.5 },
      { key: 'deals', name: 'deals list (50)', path: '/api/crm/deals?limit=50', goal: 0.7, p99: 40 },
      { key: 'deal', name: 'one deal by id', path: `/api/crm/deals/${openDeals[0]}`, goal: 0.7, p99: 20 },
      { key: 'leads', name: 'leads page (25 + total)', path: '/api/crm/leads?limit=25', goal: 0.7, p99: 40 },
      { key: 'me-access', name: 'me-access', path: '/functions/v1/me-access' },
      {
        key: 'records',
        name: 'records list (patients, 25)',
        path: '/api/modules/healthcare/patients/records?limit=25',
        // The API also names the records a page refers to (its own reads); the floors do not.
        floorsLeaveOut: 'labels',
      },
      {
        key: 'write',
        name: 'deal stage change (write)',
        path: `/api/crm/deals/${writeDeals[0]}`,
        method: 'PATCH',
        body: true,
        // Cookie-authenticated writes must name an allowed origin (the floors ignore it).
        headers: { origin: apiBase },
        goal: 0.6,
        write: true,
        setupRequest: (request) => {
          const n = writeCount++;
          request.path = `/api/crm/deals/${writeDeals[n % writeDeals.length]}`;
          request.body = JSON.stringify({ stage: writeStages[n % writeStages.length] });
          return request;
        },
      },
    ].filter((endpoint) => !ENDPOINT_KEYS || ENDPOINT_KEYS.includes(endpoint.key));

    // Same rows from all three before any load: otherwise the comparison means nothing.
    for (const endpoint of endpoints.filter((candidate) => !candidate.write)) {
      const [fromApi, fromNest, fromBare] = await Promise.all([
        answerOf(apiBase, endpoint, headers),
        answerOf(nestBase, endpoint, headers),
        answerOf(bareBase, endpoint, headers),
      ]);
      const compared = endpoint.floorsLeaveOut
        ? { ...fromApi.body, [endpoint.floorsLeaveOut]: fromNest.body?.[endpoint.floorsLeaveOut] }
        : fromApi.body;
      const same = [fromNest, fromBare].every(
        (other) => fromApi.status === 200 && other.status === 200 && isDeepStrictEqual(compared, other.body),
      );
      record(
        `${endpoint.name}: both floors answer the same JSON${endpoint.floorsLeaveOut ? ` (the API's ${endpoint.floorsLeaveOut} aside)` : ''}`,
        same ? 'same' : 'different',
        '',
        'same',
        same,
      );
    }

    const loadAtStart = loadAverage();
    console.log(
      `\nautocannon, ${CONNECTIONS} connections; per endpoint ${WARMUP_SECONDS} s warm-up each, then ${ROUNDS} rounds ` +
        `of ${Math.round((DURATION_SECONDS / ROUNDS) * 10) / 10} s per server, the three in a rotating order; ` +
        `req/s and p99 are the median of the rounds (worst p99 in brackets). Load average ${loadAtStart} at start.`,
    );
    const base = { api: apiBase, nest: nestBase, bare: bareBase };
    const rows = [];
    const p99Of = (side) => `${side.p99} (${side.worstP99}) ms`;
    console.log(
      `\n${pad('endpoint', 28)}${pad('API req/s', 11)}${pad('API p99', 17)}${pad('Nest req/s', 12)}${pad('Nest p99', 17)}` +
        `${pad('bare req/s', 12)}${pad('bare p99', 17)}${pad('÷Nest', 7)}${pad('÷bare', 7)}goal (÷Nest)`,
    );
    const printRow = (row) => {
      const goal = row.endpoint.goal
        ? `≥ ${row.endpoint.goal} ${row.toNest >= row.endpoint.goal && row.clean ? 'met' : 'MISSED'}`
        : 'reported';
      console.log(
        `${pad(row.endpoint.name, 28)}${pad(row.api.rps, 11)}${pad(p99Of(row.api), 17)}${pad(row.nest.rps, 12)}` +
          `${pad(p99Of(row.nest), 17)}${pad(row.bare.rps, 12)}${pad(p99Of(row.bare), 17)}${pad(row.toNest, 7)}` +
          `${pad(row.toBare, 7)}${goal}` +
          `${row.clean ? '' : ` (failures: API ${row.api.failures}, Nest ${row.nest.failures}, bare ${row.bare.failures})`}`,
      );
    };
    for (const endpoint of endpoints) {
      const runs = { api: [], nest: [], bare: [] };
      for (const side of SIDES) await cannon(base[side], endpoint, headers, WARMUP_SECONDS);
      const ticksAtStart = machineTicks();
      // Rotating order (API, Nest, bare; bare, API, Nest; …): a neighbour's burst of load on this
      // shared machine then falls on every side in turn rather than on one.
      for (let round = 0; round < ROUNDS; round += 1) {
        for (let turn = 0; turn < SIDES.length; turn += 1) {
          const side = SIDES[(turn + SIDES.length - (round % SIDES.length)) % SIDES.length];
          runs[side].push(await cannon(base[side], endpoint, headers, DURATION_SECONDS / ROUNDS, pids[side]));
        }
      }
      const combine = (list) => ({
        rps: Math.round(median(list.map((run) => run.rps))),
        p99: median(list.map((run) => run.p99)),
        worstP99: Math.max(...list.map((run) => run.p99)),
        failures: list.reduce((sum, run) => sum + run.failures, 0),
        cpuPerRequest: median(list.map((run) => run.cpuPerRequest)),
      });
      const measured = { api: combine(runs.api), nest: combine(runs.nest), bare: combine(runs.bare) };
      const ratio = (other) => Math.round((measured.api.rps / measured[other].rps) * 100) / 100;
      const clean = SIDES.every((side) => measured[side].failures === 0);
      const row = {
        endpoint,
        ...measured,
        toNest: ratio('nest'),
        toBare: ratio('bare'),
        clean,
        steal: stealPercentSince(ticksAtStart),
      };
      rows.push(row);
      printRow(row);
    }
    console.log(`load average ${loadAverage()} at the end of the load\n`);
    // The same load seen from the servers: each process's CPU (user + system, all threads) per answered
    // request, median of the rounds. The database's own processes are not counted. A floor's CPU over
    // the API's is the ratio req/s would show if the load generator and neighbours took nothing.
    console.log(
      `CPU per answered request, server process only (µs, median of the rounds):\n${pad('endpoint', 28)}` +
        `${pad('API', 9)}${pad('Nest', 9)}${pad('bare', 9)}${pad('Nest÷API', 10)}${pad('bare÷API', 10)}` +
        'CPU taken by the host (steal)',
    );
    const micros = (value) => (Number.isFinite(value) ? Math.round(value) : 'n/a');
    const cpuRatio = (floor, api) =>
      Number.isFinite(floor / api) ? Math.round((floor / api) * 100) / 100 : 'n/a';
    for (const row of rows) {
      console.log(
        `${pad(row.endpoint.name, 28)}${pad(micros(row.api.cpuPerRequest), 9)}${pad(micros(row.nest.cpuPerRequest), 9)}` +
          `${pad(micros(row.bare.cpuPerRequest), 9)}${pad(cpuRatio(row.nest.cpuPerRequest, row.api.cpuPerRequest), 10)}` +
          `${pad(cpuRatio(row.bare.cpuPerRequest, row.api.cpuPerRequest), 10)}${row.steal} %`,
      );
    }
    console.log('');
    for (const row of rows) {
      const { goal, p99 } = row.endpoint;
      record(
        `${row.endpoint.name}: API/plain Nest req/s (API/bare ${row.toBare})`,
        row.toNest,
        '',
        goal ? `≥ ${goal}` : 'reported',
        goal ? row.toNest >= goal && row.clean : row.clean,
      );
      if (p99) {
        // Beside it, the floors' p99 in the same run: a goal neither floor reaches here is the machine's.
        record(
          `${row.endpoint.name}: API p99 (plain Nest ${row.nest.p99} ms, bare ${row.bare.p99} ms)`,
          row.api.p99,
          'ms',
          `≤ ${p99} ms`,
          row.api.p99 <= p99 && row.clean,
        );
      }
    }

    const rss = Number(readFileSync(`/proc/${api.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
    record('API resident memory after load', Math.round(rss / 1024), 'MB', '≤ 400 MB', rss / 1024 <= 400);

    if (!ONLY_API) await recordScreens(apiBase, headers);
  } finally {
    for (const child of processes.reverse()) await stopProcess(child);
    await dropBenchDatabase(database.name);
  }
  if (!ONLY_API) await recordSearch();
  if (!ONLY_API) await recordPublish();
  if (!ONLY_API) await recordWebhooks();
  if (!ONLY_API) await recordMailbox();
  summarise();
}

/** Refresh Scores, the CRM import, the pipeline screen: what a person waits for. */
async function recordScreens(apiBase, headers) {
  const scoring = performance.now();
  const rescored = await fetch(`${apiBase}/api/crm/leads/score`, {
    method: 'POST',
    headers: { ...headers, origin: apiBase },
  });
  if (!rescored.ok) console.error(`Refresh Scores answered ${rescored.status}`);
  // The request only starts the run (202): the time that counts is until the run has finished.
  let scoreRun = rescored.ok ? await rescored.json() : { status: 'failed' };
  while (scoreRun.status === 'pending' || scoreRun.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 25));
    scoreRun = await (await fetch(`${apiBase}/api/crm/leads/score/${scoreRun.id}`, { headers })).json();
  }
  const scoringSeconds = Math.round(performance.now() - scoring) / 1000;
  if (scoreRun.status !== 'completed')
    console.error(`Refresh Scores ended ${scoreRun.status}: ${JSON.stringify(scoreRun)}`);
  record(
    'Refresh Scores over 100,000 leads (until the run has finished)',
    scoringSeconds,
    's',
    '≤ 1.5 s',
    scoreRun.status === 'completed' && scoringSeconds <= 1.5,
  );

  recordCrmImport(record, await measureCrmImport(apiBase, await demoSession(apiBase)));

  const pipeline = await measurePipeline(apiBase, GLOBEX_OWNER);
  record(
    `pipeline usable after its tab opens (${pipeline.cards} deal cards)`,
    pipeline.usableMs,
    'ms',
    '≤ 1000 ms',
    pipeline.usableMs <= 1000,
  );
  record(
    `drop → confirmed toast p95 (p50 ${pipeline.dropToToastP50} ms)`,
    pipeline.dropToToastP95,
    'ms',
    '≤ 150 ms',
    pipeline.dropToToastP95 <= 150,
  );
}

/** A bench of its own (its own database and servers): its exit code says whether its goal was met. */
async function recordChildBench(script, goal, limit) {
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'tools', 'bench', script)], {
      env: process.env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (exitCode) => resolve(exitCode));
  });
  record(goal, code === 0 ? 'met' : 'missed', '', limit, code === 0);
}

async function recordSearch() {
  // The search across everything at 100,000 records (search.mjs prints each text's p95).
  console.log('\nSearch across everything (tools/bench/search.mjs):');
  await recordChildBench(
    'search.mjs',
    'search across everything, every text p95 at 100,000 records',
    '≤ 100 ms',
  );
}

async function recordPublish() {
  // A module team's publish of the CRM remote over HTTP (publish.mjs prints cold, unchanged and changed runs).
  console.log('\nPublishing the CRM remote over HTTP (tools/bench/publish.mjs):');
  await recordChildBench('publish.mjs', 'publish of the CRM remote over HTTP', '≤ 5 s');
}

async function recordWebhooks() {
  // Event to delivery with the queue idle, and 1,000 changes delivered once each (webhooks.mjs prints both).
  console.log('\nWebhooks to a receiver on loopback (tools/bench/webhooks.mjs):');
  await recordChildBench(
    'webhooks.mjs',
    'webhook deliveries: p95 and 1,000 changes delivered once',
    '≤ 2 s, none lost or duplicated',
  );
}

async function recordMailbox() {
  // A mailbox of 10,000 messages in Dovecot: first sync, then a new message on its deal (mailbox.mjs prints both).
  console.log('\nConnected mailbox over IMAP, Dovecot on loopback (tools/bench/mailbox.mjs):');
  await recordChildBench(
    'mailbox.mjs',
    'mailbox: first sync of 10,000 messages, and a new message on its deal (polling)',
    '≤ 60 s, ≤ 70 s',
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
