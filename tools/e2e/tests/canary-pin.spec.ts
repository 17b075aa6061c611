import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { chooseInstitution } from './admin-session';
import { type OwnServer, publishRemote, startOwnServer, superAdminApi } from './own-server';
import { closeOpenedContexts, openContext, sidebar, signIn } from './shell-session';

test.afterEach(closeOpenedContexts);

/**
 * Publishing makes a version the latest for EVERY institution of a server, so this journey runs
 * its own API server on its own database: the other journeys keep loading the workspace build.
 */
let server: OwnServer | null = null;
let base = '';
let token = '';

/** The workspace's crm-remote build, published over HTTP with a deploy token. */
function publish(): string {
  return publishRemote('crm', base, token, join(process.env.E2E_WEB_ROOT ?? '', 'crm-remote', 'dist'));
}

// A second server on its own database: the embedded PGlite belongs to the main server.
test.skip(process.env.E2E_EMBEDDED === '1', 'needs PostgreSQL: the canary server has its own database');

test.beforeAll(async () => {
  server = await startOwnServer(1, 'canary');
  base = server.base;
  token = await (await superAdminApi(base)).deployToken('crm', 'canary journey');
});

test.afterAll(async () => {
  await server?.stop();
});

async function openPage(browser: Browser): Promise<Page> {
  const context = await openContext(browser, { baseURL: base });
  return context.newPage();
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
  // Three sign-ins, the console and three cold loads of a remote on a second server: more than a minute when busy.
  test.slow();
  const first = publish();
  const latest = publish();
  expect(first).not.toBe(latest);

  // The super admin pins the older version for Globex in the console.
  const admin = await openPage(browser);
  await signIn(admin, { email: 'admin@tessera.app', password: 'tessera-admin' });
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

  const globex = await openPage(browser);
  await signIn(globex, { email: 'owner@globex.test', password: 'tessera-demo' });
  expect(await loadedCrmManifest(globex)).toBe(`/remotes/crm/v/${first}/mf-manifest.json`);

  const acme = await openPage(browser);
  await signIn(acme, { email: 'demo@acme.test', password: 'tessera-demo' });
  expect(await loadedCrmManifest(acme)).toBe(`/remotes/crm/v/${latest}/mf-manifest.json`);

  // Unpinning rolls Globex forward to the latest again.
  await registry.getByLabel('crm version for Globex Retail').selectOption('latest');
  await expect(admin.getByText(`Globex Retail follows the latest crm version again.`)).toBeVisible();
  const again = await openPage(browser);
  await signIn(again, { email: 'owner@globex.test', password: 'tessera-demo' });
  expect(await loadedCrmManifest(again)).toBe(`/remotes/crm/v/${latest}/mf-manifest.json`);

  // The audit log of Globex records both.
  await chooseInstitution(admin, 'Globex Retail');
  await admin.goto('/administration');
  const audit = admin.getByRole('region', { name: 'Audit log' });
  await expect(audit).toContainText('Pinned remote version');
  await expect(audit).toContainText('Unpinned remote version');
});
