import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseInstitution } from './admin-session';
import {
  closeOpenedContexts,
  DANA,
  GLOBEX_OWNER,
  openContext,
  openDashboard,
  type Person,
  SUPER_ADMIN,
  sidebar,
} from './shell-session';

test.afterEach(closeOpenedContexts);

const root = join(__dirname, '..', '..', '..');

/**
 * Publishing makes a version the latest for EVERY institution of a server, so this journey runs
 * its own API server (same database, same built web root) with its own releases folder: the other
 * journeys on the shared server keep loading the workspace build.
 */
let server: ChildProcess | null = null;
let releases = '';
let base = '';

function publish(): string {
  const result = spawnSync(
    process.execPath,
    [join(root, 'tools', 'publish-remote.mjs'), 'crm', '--no-build'],
    {
      cwd: root,
      env: {
        ...process.env,
        REMOTE_RELEASES_DIR: releases,
        REMOTE_SOURCE_DIR: join(process.env.E2E_WEB_ROOT ?? '', 'crm-remote', 'dist'),
      },
      encoding: 'utf8',
    },
  );
  expect(result.status, result.stderr).toBe(0);
  const match = /Published crm (\S+)/.exec(result.stdout);
  if (!match?.[1]) throw new Error(`unexpected publish output: ${result.stdout}`);
  return match[1];
}

// A second server on the same database: PGlite's data directory belongs to one process.
test.skip(process.env.E2E_EMBEDDED === '1', 'needs PostgreSQL: the canary server shares the database');

test.beforeAll(async () => {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  const webRoot = process.env.E2E_WEB_ROOT;
  if (!databaseUrl || !webRoot)
    throw new Error('E2E_DATABASE_URL and E2E_WEB_ROOT are set by the global setup');
  releases = mkdtempSync(join(tmpdir(), 'tessera-canary-'));
  const port = Number(process.env.E2E_PORT) + 1;
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [join(root, 'apps', 'api', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      WEB_ROOT: webRoot,
      REMOTE_RELEASES_DIR: releases,
      PUBLIC_URL: base,
      // The main server's secret: the journeys' saved sessions open this server too.
      JWT_SECRET: process.env.E2E_JWT_SECRET,
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the canary server did not start');
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
  }
  rmSync(releases, { recursive: true, force: true });
});

/** A page of `person`'s saved session on the canary server, on the dashboard. */
async function openPage(browser: Browser, person: Person): Promise<Page> {
  const page = await (await openContext(browser, { baseURL: base, as: person })).newPage();
  await openDashboard(page);
  return page;
}

/** Opens the CRM and answers the manifest URL the shell loaded it from. */
async function loadedCrmManifest(page: Page): Promise<string> {
  const manifest = page.waitForRequest((request) =>
    /\/remotes\/crm\/.*mf-manifest\.json/.test(request.url()),
  );
  await sidebar(page).getByRole('link', { name: 'CRM', exact: true }).click();
  const url = new URL((await manifest).url()).pathname;
  // A version loads cold from the canary server beside the main one: give it time on a busy machine.
  await expect(page.getByRole('heading', { level: 2, name: 'CRM' })).toBeVisible({ timeout: 30_000 });
  return url;
}

test('a crm-remote version pinned for one institution: its shell loads it while another loads the latest; unpinning rolls back', async ({
  browser,
}) => {
  // The console and three cold loads of a remote on a second server: long when busy.
  test.slow();
  const first = publish();
  const latest = publish();
  expect(first).not.toBe(latest);

  // The super admin pins the older version for Globex in the console.
  const admin = await openPage(browser, SUPER_ADMIN);
  await admin.goto('/platform');
  const registry = admin.getByRole('region', { name: 'Remote registry' });
  const versions = registry.getByRole('list', { name: 'Published versions of the crm remote' });
  await expect(versions).toContainText(`${latest} · latest`);
  await expect(versions).toContainText(first);
  await registry.getByLabel('crm version for Globex Retail').selectOption(first);
  await expect(admin.getByText(`Globex Retail loads crm ${first}.`)).toBeVisible();
  const crmUsage = registry.getByRole('region', { name: 'crm remote' });
  await expect(crmUsage.getByRole('row', { name: /Globex Retail/ })).toContainText('Pinned');
  await expect(crmUsage.getByRole('row', { name: /Acme Corporation/ })).toContainText(latest);

  const globex = await openPage(browser, GLOBEX_OWNER);
  expect(await loadedCrmManifest(globex)).toBe(`/remotes/crm/v/${first}/mf-manifest.json`);

  const acme = await openPage(browser, DANA);
  expect(await loadedCrmManifest(acme)).toBe(`/remotes/crm/v/${latest}/mf-manifest.json`);

  // Unpinning rolls Globex forward to the latest again.
  await registry.getByLabel('crm version for Globex Retail').selectOption('latest');
  await expect(admin.getByText(`Globex Retail follows the latest crm version again.`)).toBeVisible();
  const again = await openPage(browser, GLOBEX_OWNER);
  expect(await loadedCrmManifest(again)).toBe(`/remotes/crm/v/${latest}/mf-manifest.json`);

  // The audit log of Globex records both.
  await chooseInstitution(admin, 'Globex Retail');
  await admin.goto('/administration');
  const audit = admin.getByRole('region', { name: 'Audit log' });
  await expect(audit).toContainText('Pinned remote version');
  await expect(audit).toContainText('Unpinned remote version');
});
