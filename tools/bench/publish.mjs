#!/usr/bin/env node
// `npm run bench:publish` (also run by `npm run bench`): publishing a CRM-sized remote over HTTP
// (docs/module-teams.md) into a fresh database through the production build, timed from the first
// byte sent to the registry's answer. Goal: ≤ 5 s. Needs the production build and PostgreSQL.
//
// Three publishes of apps/crm-remote/dist: the whole dist new to the store (the cold case), the
// same dist again (every file already stored: content addressing), and a new build in which only
// the entry changed. Exit code 1 when the goal is missed.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishDist } from '../publish-remote.mjs';
import { root, sessionCookie, withBenchApi } from './bench-processes.mjs';

const GOAL_SECONDS = 5;
const dist = join(root, 'apps', 'crm-remote', 'dist');

function sizeOf(dir, filter = () => true) {
  return readdirSync(dir, { withFileTypes: true }).reduce((total, entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return total + sizeOf(path, filter);
    return filter(entry.name) ? total + statSync(path).size : total;
  }, 0);
}

async function timedPublish(base, token, dir) {
  const started = performance.now();
  const release = await publishDist({ url: base, token, key: 'crm', dir });
  return { seconds: Math.round((performance.now() - started) / 10) / 100, release };
}

async function main() {
  console.log(
    `Machine: ${cpus().length} cores, load average ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')} at start`,
  );
  const js = sizeOf(dist, (name) => /\.(js|css|json)$/.test(name));
  const all = sizeOf(dist);
  console.log(
    `crm-remote dist: ${(js / 1e6).toFixed(2)} MB of JS/JSON before compression, ${(all / 1e6).toFixed(2)} MB with source maps and .br/.gz copies`,
  );
  const port = Number(process.env.BENCH_PORT ?? 24000 + (process.pid % 4000)) + 7;
  const work = mkdtempSync(join(tmpdir(), 'tessera-bench-publish-'));
  let met = false;
  try {
    await withBenchApi('publish', port, async ({ base }) => {
      const cookie = await sessionCookie(base, { email: 'admin@tessera.app', password: 'tessera-admin' });
      const created = await fetch(`${base}/api/platform/remotes/crm/deploy-tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie },
        body: JSON.stringify({ name: 'bench' }),
      });
      const { token } = await created.json();

      const cold = await timedPublish(base, token, dist);
      const again = await timedPublish(base, token, dist);
      const next = join(work, 'dist');
      cpSync(dist, next, { recursive: true });
      const entry = join(next, 'remoteEntry.js');
      writeFileSync(entry, `${readFileSync(entry, 'utf8')}\n// next build\n`);
      rmSync(`${entry}.br`, { force: true });
      rmSync(`${entry}.gz`, { force: true });
      const changed = await timedPublish(base, token, next);

      const line = (label, { seconds, release }) =>
        `${label}: ${seconds} s (${release.files} files, ${(release.bytes / 1e6).toFixed(2)} MB, ${(release.new_bytes / 1e6).toFixed(2)} MB new, version ${release.version})`;
      console.log(line('whole dist, all new', cold));
      console.log(line('same dist again', again));
      console.log(line('new build, entry changed', changed));
      met = cold.seconds <= GOAL_SECONDS;
      console.log(
        `${met ? 'met   ' : 'MISSED'} publish of the CRM remote over HTTP: ${cold.seconds} s (goal ≤ ${GOAL_SECONDS} s)`,
      );
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  process.exit(met ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
