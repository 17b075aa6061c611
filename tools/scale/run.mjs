#!/usr/bin/env node
// `npm run test:scale`: two API processes from the production build on one fresh PostgreSQL
// database, behind nginx running deploy/nginx/tessera.conf (ports rewritten), then checks over
// real HTTP and Playwright journeys through the balancer. Needs `npm run build` first.
// Writes tools/scale/.test-results/results.json ({ passed, failed, checks }) for `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverUrl, withClient } from '../bench/bench-processes.mjs';
import { publishDist } from '../publish-remote.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(root, 'apps', 'api', 'package.json'));
const resultsDir = join(root, 'tools', 'scale', '.test-results');
const resultsFile = join(resultsDir, 'results.json');
const nginxBin = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const JWT_SECRET = 'scale-test-secret-that-is-at-least-32-bytes-long';
const METRICS_TOKEN = 'scale-metrics-token';
const PASSWORD = 'tessera-demo';

const workDir = mkdtempSync(join(tmpdir(), 'tessera-scale-'));
// nginx's workers run as an unprivileged user when started by root: they must reach their temp dirs.
chmodSync(workDir, 0o755);
const database = `tessera_scale_${process.pid}_${Date.now()}`;
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${database}`;

const processes = new Map(); // instance name → { child, port, url, exited }
let nginx = null;
let databaseCreated = false;
const checks = [];
/** Titles of journeys the e2e suite marks fixme: listed, not counted. */
const skippedJourneys = [];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const admin = (sql) => withClient(serverUrl, (client) => client.query(sql));
const query = async (sql, params = []) =>
  (await withClient(databaseUrl.toString(), (client) => client.query(sql, params))).rows;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(description, probe, timeoutMs = 60_000, intervalMs = 200) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await sleep(intervalMs);
  }
  throw new Error(`${description}: not within ${timeoutMs} ms${last ? ` (${last.message})` : ''}`);
}

// ── processes ────────────────────────────────────────────────────────────────────────────────

let lbPort = 0;
const lbUrl = () => `http://127.0.0.1:${lbPort}`;

async function startApi(name, port) {
  const log = createWriteStream(join(resultsDir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, [join(root, 'apps', 'api', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NODE_OPTIONS: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl.toString(),
      // Demo data is seeded once by this script, before any process starts.
      SEED_DEMO: '0',
      JWT_SECRET,
      // The journeys share each person's session saved by the Playwright setup project: access
      // tokens that outlive the run are never refreshed (tools/e2e/tests/shell-session.ts).
      ACCESS_TOKEN_TTL_SECONDS: String(6 * 60 * 60),
      PUBLIC_URL: lbUrl(),
      METRICS_TOKEN,
      TESSERA_INSTANCE: name,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const entry = { name, child, port, url: `http://127.0.0.1:${port}`, exited: once(child, 'exit') };
  processes.set(name, entry);
  await waitFor(
    `${name} ready`,
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
      return (await fetch(`${entry.url}/api/health/ready`)).status === 200;
    },
    90_000,
  );
  return entry;
}

async function stopApi(name, signal = 'SIGTERM') {
  const entry = processes.get(name);
  if (!entry || entry.child.exitCode !== null || entry.child.signalCode !== null) return null;
  entry.child.kill(signal);
  const [code, received] = await entry.exited;
  return { code, signal: received };
}

async function startNginx(ports) {
  const prefix = join(workDir, 'nginx');
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  const example = readFileSync(join(root, 'deploy', 'nginx', 'tessera.conf'), 'utf8');
  // The documented example, with this run's ports and paths; everything else as shipped.
  let servers = 0;
  const config = example
    .replace(/^(\s*)listen 8080;/m, `$1listen 127.0.0.1:${lbPort};`)
    .replace(/^(\s*)server 127\.0\.0\.1:\d+ (.*)$/gm, (_, indent, rest) => {
      const port = ports[servers];
      servers += 1;
      return port ? `${indent}server 127.0.0.1:${port} ${rest}` : '';
    })
    .replace(
      /^http \{/m,
      [
        'http {',
        `  client_body_temp_path ${prefix}/client_body;`,
        `  proxy_temp_path ${prefix}/proxy;`,
        `  fastcgi_temp_path ${prefix}/fastcgi;`,
        `  uwsgi_temp_path ${prefix}/uwsgi;`,
        `  scgi_temp_path ${prefix}/scgi;`,
      ].join('\n'),
    );
  if (servers !== 2) throw new Error('deploy/nginx/tessera.conf should list two upstream servers');
  const file = join(prefix, 'tessera.conf');
  writeFileSync(file, config);
  const log = createWriteStream(join(resultsDir, 'nginx.log'), { flags: 'a' });
  const args = ['-p', prefix, '-c', file, '-e', join(resultsDir, 'nginx-error.log')];
  const test = spawnSync(nginxBin, [...args, '-t', '-g', `pid ${prefix}/nginx.pid;`], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}`);
  nginx = spawn(nginxBin, [...args, '-g', `daemon off; pid ${prefix}/nginx.pid;`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nginx.stdout.pipe(log);
  nginx.stderr.pipe(log);
  nginx.exited = once(nginx, 'exit');
  await waitFor('nginx listening', async () => (await fetch(`${lbUrl()}/api/health/live`)).ok, 15_000);
}

async function cleanUp() {
  for (const name of processes.keys()) {
    const entry = processes.get(name);
    if (entry.child.exitCode === null && entry.child.signalCode === null) {
      entry.child.kill('SIGTERM');
      await Promise.race([entry.exited, sleep(15_000)]);
      if (entry.child.exitCode === null && entry.child.signalCode === null) entry.child.kill('SIGKILL');
    }
  }
  if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
    nginx.kill('SIGQUIT');
    await Promise.race([nginx.exited, sleep(5_000)]);
    if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGKILL');
  }
  if (databaseCreated) {
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((error) =>
      console.error(`could not drop ${database}: ${error.message}`),
    );
  }
  rmSync(workDir, { recursive: true, force: true });
}

// ── HTTP as a browser does it: cookies, Origin on writes ─────────────────────────────────────

class Session {
  constructor(email) {
    this.email = email;
    this.cookies = new Map();
  }

  get cookie() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(base, method, path, { body, institutionId, headers = {} } = {}) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(this.cookies.size ? { cookie: this.cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        // Cookie-authenticated writes come from the app's own pages.
        ...(method !== 'GET' ? { origin: lbUrl() } : {}),
        ...(institutionId ? { 'x-institution-id': institutionId } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    const text = await response.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return {
      status: response.status,
      instance: response.headers.get('x-tessera-instance'),
      json,
      headers: response.headers,
    };
  }

  async signIn(base, password = PASSWORD) {
    const response = await this.request(base, 'POST', '/api/auth/sign-in', {
      body: { email: this.email, password },
    });
    if (response.status !== 200) throw new Error(`sign-in of ${this.email} answered ${response.status}`);
    this.userId = response.json.user.id;
    const list = await this.request(base, 'GET', '/api/institutions');
    this.institutions = Object.fromEntries(list.json.map((row) => [row.slug, row.id]));
    return this;
  }
}

/** A GET on a new connection each time: a kept-alive socket the balancer closed is not a failure. */
function getOnce(url) {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode, instance: response.headers['x-tessera-instance'] }),
      );
    }).on('error', reject);
  });
}

/** Every file of a dist folder, by its path inside it. */
function distFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? distFiles(dir, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

async function check(name, work, { needs } = {}) {
  const started = Date.now();
  try {
    await work();
    checks.push({ name, ok: true, ms: Date.now() - started });
    console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    checks.push({ name, ok: false, ms: Date.now() - started, error: error.message, needs });
    console.log(`  ✗ ${name}\n      ${error.message}${needs ? `\n      (needs ${needs})` : ''}`);
  }
}

/** Reads GET /api/events like EventSource; resolves changes as they arrive. */
async function openStream(base, session, institutionId) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events?institution=${institutionId}`, {
    headers: { cookie: session.cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const changes = [];
  const instance = response.headers.get('x-tessera-instance');
  (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.includes('event: change')) continue;
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) changes.push({ at: Date.now(), event: JSON.parse(data.slice(6)) });
        }
      }
    } catch {
      // closed
    }
  })();
  return { status: response.status, instance, changes, close: () => controller.abort() };
}

// ── the checks ───────────────────────────────────────────────────────────────────────────────

async function runChecks() {
  const [a, b] = [processes.get('api-a'), processes.get('api-b')];
  const lb = lbUrl();

  await check('both processes report ready; the balancer alternates between them', async () => {
    for (const entry of [a, b]) {
      const ready = await fetch(`${entry.url}/api/health/ready`);
      assert(ready.status === 200, `${entry.name} ready answered ${ready.status}`);
    }
    const seen = new Set();
    for (let i = 0; i < 8; i += 1) {
      const response = await fetch(`${lb}/api/health/ready`);
      assert(response.status === 200, `ready through the balancer answered ${response.status}`);
      seen.add(response.headers.get('x-tessera-instance'));
    }
    assert(seen.has('api-a') && seen.has('api-b'), `answered by ${[...seen].join(', ')} only`);
  });

  await check('a session signed in through one process is valid on both', async () => {
    const dana = await new Session('demo@acme.test').signIn(a.url);
    for (const entry of [a, b]) {
      const user = await dana.request(entry.url, 'GET', '/api/auth/user');
      assert(user.status === 200 && user.json.email === 'demo@acme.test', `${entry.name}: ${user.status}`);
    }
    const seen = new Set();
    for (let i = 0; i < 6; i += 1) {
      const deals = await dana.request(lb, 'GET', '/api/crm/deals?limit=5', {
        institutionId: dana.institutions.acme,
      });
      assert(deals.status === 200, `deals through the balancer answered ${deals.status}`);
      seen.add(deals.instance);
    }
    assert(seen.size === 2, `requests reached ${[...seen].join(', ')} only`);
  });

  await check(
    'a sign-out on one process is refused on the other at once',
    async () => {
      const dana = await new Session('demo@acme.test').signIn(a.url);
      const before = dana.cookie;
      const out = await dana.request(a.url, 'POST', '/api/auth/sign-out');
      assert(out.status === 204, `sign-out answered ${out.status}`);
      // The other process hears of it through NOTIFY: within a moment, not on the next token refresh.
      const signedOut = Date.now();
      let replay = 200;
      while (replay === 200 && Date.now() - signedOut < 1_000) {
        replay = (await fetch(`${b.url}/api/auth/user`, { headers: { cookie: before } })).status;
        if (replay === 200) await sleep(20);
      }
      assert(replay === 401, `the signed-out session still answered ${replay} on api-b after 1 s`);
      const onA = await fetch(`${a.url}/api/auth/user`, { headers: { cookie: before } });
      assert(onA.status === 401, `the signed-out session still answered ${onA.status} on api-a`);
    },
    { needs: 'immediate session revocation across processes (branch security)' },
  );

  await check(
    'a session ended from the sessions list on one process is refused by the other on its very next request',
    async () => {
      // Two sessions of one person: the laptop (ended) and the phone (which ends it).
      const laptop = await new Session('demo@acme.test').signIn(a.url);
      const phone = await new Session('demo@acme.test').signIn(b.url);
      const acme = laptop.institutions.acme;
      // The laptop's token is in use on both processes (each has checked and remembered it).
      for (const entry of [a, b]) {
        const deals = await laptop.request(entry.url, 'GET', '/api/crm/deals?limit=1', {
          institutionId: acme,
        });
        assert(deals.status === 200, `${entry.name} refused the laptop before: ${deals.status}`);
      }
      const listed = await laptop.request(lb, 'GET', '/api/auth/sessions');
      const current = listed.json?.find((session) => session.current);
      assert(current, `the sessions list (${listed.status}) marks no current session`);
      const ended = await phone.request(b.url, 'DELETE', `/api/auth/sessions/${current.id}`);
      assert(ended.status === 204, `ending the session on api-b answered ${ended.status}`);
      // No waiting: the request right after the answer, on the other process, is refused.
      const next = await fetch(`${a.url}/api/auth/user`, { headers: { cookie: laptop.cookie } });
      if (next.status !== 401) {
        const since = Date.now();
        let status = next.status;
        while (status !== 401 && Date.now() - since < 2_000) {
          await sleep(10);
          status = (await fetch(`${a.url}/api/auth/user`, { headers: { cookie: laptop.cookie } })).status;
        }
        throw new Error(
          `api-a answered ${next.status} right after the session ended (401 after ${Date.now() - since} ms: ${status})`,
        );
      }
      const onB = await fetch(`${b.url}/api/auth/user`, { headers: { cookie: laptop.cookie } });
      assert(onB.status === 401, `the ended session still answered ${onB.status} on api-b`);
      const phoneStill = await phone.request(a.url, 'GET', '/api/auth/user');
      assert(phoneStill.status === 200, `the session that ended the other answered ${phoneStill.status}`);
    },
  );

  /** How long another process may take to hear of an access change (its listener's NOTIFY): a bound, not a pause. */
  const NOTICE_BOUND_MS = 2_000;
  // The process that makes an access change forgets its own decisions before it answers; another
  // process forgets its own when its listener hears the trigger's NOTIFY, a moment after the commit
  // (a few ms; more on a loaded machine, where a request sent right after the answer once arrived first).
  await check(
    'an owner’s change of a member’s level takes effect at once on the process that made it, and on the other as soon as it hears of it',
    async () => {
      const dana = await new Session('demo@acme.test').signIn(lb);
      const jordan = await new Session('jordan.kim@acme.test').signIn(lb);
      const acme = dana.institutions.acme;
      const deals = (entry) =>
        jordan.request(entry.url, 'GET', '/api/crm/deals?limit=1', { institutionId: acme });
      const answersWithin = async (entry, expected, changedAt) => {
        await waitFor(
          `${entry.name} answering ${expected} after the change`,
          async () => (await deals(entry)).status === expected,
          NOTICE_BOUND_MS,
          10,
        );
        return Date.now() - changedAt;
      };
      for (const entry of [a, b]) assert((await deals(entry)).status === 200, `${entry.name} refused before`);
      const path = `/api/administration/members/${jordan.userId}/modules/crm`;
      const revoke = await dana.request(a.url, 'PUT', path, { institutionId: acme, body: { level: 'none' } });
      assert(revoke.status === 204, `setting the level answered ${revoke.status}`);
      const revokedAt = Date.now();
      const lags = [];
      try {
        const status = (await deals(a)).status;
        assert(status === 403, `${a.name}, which made the change, still answered ${status} right after it`);
        lags.push(`${b.name} refused ${await answersWithin(b, 403, revokedAt)} ms after the revocation`);
      } finally {
        const restore = await dana.request(b.url, 'PUT', path, {
          institutionId: acme,
          body: { level: null },
        });
        assert(restore.status === 204, `restoring the level answered ${restore.status}`);
      }
      const restoredAt = Date.now();
      const status = (await deals(b)).status;
      assert(status === 200, `${b.name}, which restored the level, still answered ${status} right after it`);
      lags.push(`${a.name} answered ${await answersWithin(a, 200, restoredAt)} ms after the restore`);
      console.log(`    (${lags.join('; ')})`);
    },
  );

  await check(
    'a change through either process reaches a live stream opened through the balancer',
    async () => {
      const jordan = await new Session('jordan.kim@acme.test').signIn(lb);
      const dana = await new Session('demo@acme.test').signIn(lb);
      const acme = dana.institutions.acme;
      const stream = await openStream(lb, jordan, acme);
      assert(stream.status === 200, `the stream answered ${stream.status}`);
      try {
        await sleep(200);
        for (const entry of [a, b]) {
          const sent = Date.now();
          const created = await dana.request(entry.url, 'POST', '/api/crm/deals', {
            institutionId: acme,
            body: { name: `Scale live ${entry.name} ${sent}` },
          });
          assert(created.status === 201, `creating a deal on ${entry.name} answered ${created.status}`);
          const arrived = await waitFor(
            `the event of a deal created on ${entry.name}`,
            async () => stream.changes.find((change) => change.event.id === created.json.id),
            3_000,
            20,
          );
          assert(arrived.at - sent < 1_500, `the event took ${arrived.at - sent} ms`);
        }
        const globex = await new Session('owner@globex.test').signIn(lb);
        const refused = await openStream(lb, globex, acme);
        assert(refused.status === 403, `another institution's stream answered ${refused.status}`);
        refused.close();
      } finally {
        stream.close();
      }
    },
  );

  await check(
    'a release published through the balancer with a deploy token is served, byte for byte, by both processes',
    async () => {
      const adminSession = await new Session('admin@tessera.app').signIn(lb, 'tessera-admin');
      const created = await adminSession.request(lb, 'POST', '/api/platform/remotes/crm/deploy-tokens', {
        body: { name: 'scale test CI' },
      });
      assert(created.status === 201, `creating a deploy token answered ${created.status}`);
      const dist = join(root, 'apps', 'crm-remote', 'dist');
      const release = await publishDist({ url: lb, token: created.json.token, key: 'crm', dir: dist });
      const files = distFiles(dist);
      assert(files.length === release.files, `${release.files} files stored of ${files.length}`);
      for (const entry of [a, b]) {
        for (const path of files) {
          const response = await fetch(`${entry.url}/remotes/crm/v/${release.version}/${path}`, {
            headers: { 'accept-encoding': 'identity' },
          });
          assert(response.status === 200, `${entry.name} answered ${response.status} for ${path}`);
          const served = createHash('sha256')
            .update(Buffer.from(await response.arrayBuffer()))
            .digest('hex');
          const local = createHash('sha256')
            .update(readFileSync(join(dist, path)))
            .digest('hex');
          assert(served === local, `${entry.name} served another ${path}`);
          assert(
            response.headers.get('cache-control') === 'public, max-age=31536000, immutable',
            `${entry.name}: ${path} is not cached as immutable`,
          );
        }
        // The shell on either process is sent this release (the journeys below then load it through the balancer).
        const dana = await new Session('demo@acme.test').signIn(entry.url);
        const registry = await dana.request(entry.url, 'GET', '/api/remotes', {
          institutionId: dana.institutions.acme,
        });
        const crm = registry.json.remotes.find((remote) => remote.key === 'crm');
        assert(
          crm?.manifestUrl === `/remotes/crm/v/${release.version}/mf-manifest.json` && crm.integrity?.entry,
          `${entry.name}'s registry answered ${JSON.stringify(crm)}`,
        );
      }
    },
  );

  await check(
    'metrics answer each process only with its token; the balancer does not expose them',
    async () => {
      for (const entry of [a, b]) {
        assert(
          (await fetch(`${entry.url}/metrics`)).status === 404,
          `${entry.name} answered without the token`,
        );
        const scrape = await fetch(`${entry.url}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        const text = await scrape.text();
        assert(
          scrape.status === 200 && text.includes('tessera_http_requests_total'),
          `${entry.name}: ${scrape.status}`,
        );
      }
      const through = await fetch(`${lb}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      assert(through.status === 404, `the balancer passed /metrics on (${through.status})`);
    },
  );
}

async function runPlaywright() {
  const report = join(resultsDir, 'playwright.json');
  rmSync(report, { force: true });
  const result = spawnSync(
    join(root, 'node_modules', '.bin', 'playwright'),
    [
      'test',
      '-c',
      join(root, 'tools', 'scale', 'playwright.config.ts'),
      '--output',
      join(workDir, 'playwright'),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        SCALE_BASE_URL: lbUrl(),
        // The e2e helpers send this port's origin with API writes (SAME_ORIGIN).
        E2E_PORT: String(lbPort),
        PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      },
    },
  );
  if (!existsSync(report)) {
    checks.push({
      name: 'Playwright journeys through the balancer',
      ok: false,
      error: `exit ${result.status}`,
    });
    return;
  }
  const { suites } = JSON.parse(readFileSync(report, 'utf8'));
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        // A journey marked fixme in the e2e suite is reported there; here it is neither run nor failed.
        if (test.status === 'skipped') {
          skippedJourneys.push(spec.title);
          continue;
        }
        const ok = test.status === 'expected' || test.status === 'flaky';
        checks.push({
          name: `journey: ${spec.title}`,
          ok,
          error: ok ? undefined : test.results.at(-1)?.error?.message,
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of suites) visit(suite);
}

async function runShutdownAndCrashChecks() {
  const lb = lbUrl();
  await check(
    'SIGTERM: a process drains and exits 0, the balancer keeps serving, a new one joins',
    async () => {
      const stopping = stopApi('api-b', 'SIGTERM');
      // Requests during and after the shutdown are all answered (by api-a once api-b is gone).
      const statuses = [];
      for (let i = 0; i < 20; i += 1) {
        statuses.push((await getOnce(`${lb}/api/health/live`)).status);
        await sleep(25);
      }
      const exit = await stopping;
      assert(exit && exit.code === 0, `api-b exited with ${JSON.stringify(exit)}`);
      assert(
        statuses.every((status) => status === 200),
        `answers during the shutdown: ${statuses.join(',')}`,
      );
      const log = readFileSync(join(resultsDir, 'api-b.log'), 'utf8');
      assert(log.includes('SIGTERM: draining') && log.includes('"msg":"Stopped"'), 'no drain in the log');
      const entry = await startApi('api-b', processes.get('api-b').port);
      await waitFor(
        'api-b back in the rotation',
        async () => {
          const seen = new Set();
          for (let i = 0; i < 4; i += 1) seen.add((await getOnce(`${lb}/api/health/live`)).instance);
          return seen.has(entry.name) && seen.has('api-a');
        },
        20_000,
        500,
      );
    },
  );

  await check(
    'an import started through one process whose runner is killed mid-job finishes once on the other',
    async () => {
      const rows = 3000;
      const stamp = Date.now();
      const csv = ['full_name,date_of_birth,status']
        .concat(
          Array.from(
            { length: rows },
            (_, i) => `Scale Import ${stamp} ${String(i).padStart(5, '0')},1980-01-01,active`,
          ),
        )
        .join('\n');
      const dana = await new Session('demo@acme.test').signIn(lb);
      const acme = dana.institutions.acme;
      const requestId = `scale-import-${stamp}`;
      const started = await dana.request(lb, 'POST', '/api/modules/healthcare/patients/records/import', {
        institutionId: acme,
        body: { csv },
        headers: { 'x-request-id': requestId },
      });
      assert(started.status === 202, `starting the import answered ${started.status}`);
      const importId = started.json.id;
      // Which process runs it: its database sessions are named after it (application_name), those of
      // its all-tenants pool, where jobs run, with " (all tenants)" after the name.
      const runner = await waitFor(
        'a process running the import',
        async () => {
          const [row] = await query(
            `SELECT split_part(application_name, ' ', 1) AS process FROM pg_stat_activity
              WHERE datname = current_database() AND split_part(application_name, ' ', 1) IN ('api-a', 'api-b')
                AND state IN ('active', 'idle in transaction') AND query ~* 'insert into "?records"?'`,
          );
          return row?.process;
        },
        20_000,
        10,
      );
      const killed = await stopApi(runner, 'SIGKILL');
      assert(killed?.signal === 'SIGKILL', `${runner} was not killed`);
      const survivor = runner === 'api-a' ? 'api-b' : 'api-a';
      const status = await waitFor(
        'the import to finish on the other process',
        async () => {
          const response = await dana.request(
            processes.get(survivor).url,
            'GET',
            `/api/modules/healthcare/patients/imports/${importId}`,
            {
              institutionId: acme,
            },
          );
          return ['completed', 'failed'].includes(response.json?.status) ? response.json : null;
        },
        120_000,
        500,
      );
      assert(
        status.status === 'completed',
        `the import ended ${status.status}: ${JSON.stringify(status.errors)}`,
      );
      const [count] = await query(
        `SELECT count(*)::int AS total, count(DISTINCT data->>'full_name')::int AS distinct_names
           FROM records WHERE org_id = $1 AND data->>'full_name' LIKE $2`,
        [acme, `Scale Import ${stamp} %`],
      );
      assert(count.total === rows && count.distinct_names === rows, `rows stored: ${JSON.stringify(count)}`);
      assert(status.created_count === rows, `created_count ${status.created_count}`);
      const log = readFileSync(join(resultsDir, `${survivor}.log`), 'utf8');
      assert(
        log.includes(requestId),
        `the finishing job's log lines do not carry the request id ${requestId}`,
      );
    },
    { needs: 'imports as crash-safe jobs (branch jobs)' },
  );
}

async function main() {
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  for (const file of [join(root, 'apps', 'api', 'dist', 'main.js'), join(root, 'apps', 'shell', 'dist')]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  }
  if (!existsSync(nginxBin)) throw new Error(`nginx not found at ${nginxBin} (apt-get install -y nginx)`);

  console.log(`▶ database ${database}: migrate and seed the demo data`);
  await admin(`CREATE DATABASE ${database}`);
  databaseCreated = true;
  const { runMigrations } = require(join(root, 'apps', 'api', 'dist', 'database', 'data-source.js'));
  const { seedDemoData } = require(join(root, 'apps', 'api', 'dist', 'database', 'seed', 'demo-seed.js'));
  await runMigrations(databaseUrl.toString());
  await seedDemoData(databaseUrl.toString());

  lbPort = Number(process.env.SCALE_PORT ?? (await freePort()));
  const ports = [await freePort(), await freePort()];
  console.log(`▶ two API processes (ports ${ports.join(', ')}) behind nginx on ${lbUrl()}`);
  await Promise.all([startApi('api-a', ports[0]), startApi('api-b', ports[1])]);
  await startNginx(ports);

  console.log('▶ checks through the balancer');
  await runChecks();
  if (process.env.SCALE_SKIP_JOURNEYS !== '1') {
    console.log('▶ Playwright journeys through the balancer');
    await runPlaywright();
  }
  console.log('▶ shutdown and crash');
  await runShutdownAndCrashChecks();
}

let fatal = null;
const interrupted = () => {
  cleanUp().finally(() => process.exit(130));
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);
try {
  await main();
} catch (error) {
  fatal = error;
  console.error(`scale test could not run: ${error.stack ?? error.message}`);
} finally {
  await cleanUp();
}
const passed = checks.filter((entry) => entry.ok).length;
const failed = checks.length - passed + (fatal ? 1 : 0);
mkdirSync(resultsDir, { recursive: true });
writeFileSync(resultsFile, `${JSON.stringify({ passed, failed, fatal: fatal?.message, checks }, null, 2)}\n`);
console.log(`\nScale: ${passed} passed, ${failed} failed (logs in tools/scale/.test-results)`);
for (const title of skippedJourneys) console.log(`  - skipped journey (fixme in e2e): ${title}`);
for (const entry of checks.filter((item) => !item.ok))
  console.log(`  ✗ ${entry.name}${entry.needs ? ` — needs ${entry.needs}` : ''}`);
process.exit(failed > 0 ? 1 : 0);
