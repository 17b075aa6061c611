import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { type OwnServer, publishRemote, root, startOwnServer, superAdminApi } from './own-server';
import { closeOpenedContexts, openContext, sidebar, signIn } from './shell-session';

test.afterEach(closeOpenedContexts);

/**
 * A module team ships on its own: a module generated with new:module, built, registered, published
 * over HTTP with a deploy token and enabled for one institution appears in that institution's
 * sidebar — with no restart of anything. The building and publishing happen in Node before the
 * browser opens; the registration lands on a server of the journey's own (own database), so the
 * other journeys never see the module.
 */
const KEY = 'ledger';
let server: OwnServer | null = null;
let work = '';
/** The keys of 1.0.1's entry and of its precompressed copies (what a browser is sent). */
let tamperedEntry = { plain: '', br: '', gz: '' };

test.skip(process.env.E2E_EMBEDDED === '1', 'needs PostgreSQL: the registry journey has its own database');

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr}${result.stdout}`);
}

test.beforeAll(async () => {
  // Generating and building a remote on a busy 2-core machine: well past the default.
  test.setTimeout(180_000);
  work = mkdtempSync(join(root, 'tools', 'e2e', '.test-results', 'registry-'));
  run(process.execPath, [join(root, 'tools', 'new-module', 'new-module.mjs'), KEY, '--dir', work], root);
  const app = join(work, `${KEY}-remote`);
  run(
    process.execPath,
    [join(root, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js'), 'build', '--mode', 'production'],
    app,
  );

  server = await startOwnServer(2, 'registry');
  const api = await superAdminApi(server.base);
  await api.call('POST', '/api/platform/remotes', {
    key: KEY,
    name: 'Ledger',
    modules: [
      {
        id: KEY,
        name: 'Ledger',
        category: 'Core Business',
        submodules: [{ id: 'journal', name: 'Journal' }],
      },
    ],
  });
  const token = await api.deployToken(KEY, 'ledger CI');
  expect(publishRemote(KEY, server.base, token, join(app, 'dist'))).toBe('1.0.0');
  await api.call('PUT', `/api/platform/institutions/${await api.institutionId('acme')}/modules/${KEY}`, {
    enabled: true,
  });

  // 1.0.1: the same build with another entry file. Its entry is then altered in storage, as an
  // attacker with write access to the database (or a CDN in front) would: the shell must not run it.
  const second = join(work, 'dist-1.0.1');
  cpSync(join(app, 'dist'), second, { recursive: true });
  const entry = join(second, 'remoteEntry.js');
  writeFileSync(entry, `${readFileSync(entry, 'utf8')}\n// 1.0.1\n`);
  rmSync(`${entry}.br`, { force: true });
  rmSync(`${entry}.gz`, { force: true });
  const release = publishRemote(KEY, server.base, token, second);
  expect(release).toBe('1.0.1');
  const [row] = await server.query<{ plain: string; br: string; gz: string }>(
    `SELECT files->>'remoteEntry.js' AS plain, files->>'remoteEntry.js.br' AS br, files->>'remoteEntry.js.gz' AS gz
       FROM remote_releases WHERE remote_key = $1 AND version = '1.0.1'`,
    [KEY],
  );
  if (!row) throw new Error('1.0.1 was not stored');
  tamperedEntry = row;
  // Unpublish 1.0.1 from every answer until the browser has loaded 1.0.0 once: pin Acme to 1.0.0.
  await api.call('PUT', `/api/platform/institutions/${await api.institutionId('acme')}/remotes/${KEY}`, {
    version: '1.0.0',
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('a generated module, registered and published over HTTP, opens for the institution that enabled it only; a tampered entry never runs', async ({
  browser,
}) => {
  const base = server?.base as string;
  const dana = await (await openContext(browser, { baseURL: base })).newPage();
  await signIn(dana);
  await sidebar(dana).getByRole('link', { name: 'Ledger', exact: true }).click();
  await expect(dana.getByRole('heading', { level: 2, name: 'Ledger' })).toBeVisible();
  await expect(dana.getByText('Ledger of Acme Corporation')).toBeVisible();

  const globex = await (await openContext(browser, { baseURL: base })).newPage();
  await signIn(globex, { email: 'owner@globex.test', password: 'tessera-demo' });
  await expect(sidebar(globex).getByRole('link', { name: 'CRM', exact: true })).toBeVisible();
  await expect(sidebar(globex).getByRole('link', { name: 'Ledger' })).toHaveCount(0);

  // Acme follows the latest again: 1.0.1, whose entry file in storage is no longer what was published.
  const api = await superAdminApi(base);
  await api.call('DELETE', `/api/platform/institutions/${await api.institutionId('acme')}/remotes/${KEY}`);
  const [stored] =
    (await server?.query<{ content: Buffer }>('SELECT content FROM remote_blobs WHERE hash = $1', [
      tamperedEntry.plain,
    ])) ?? [];
  const altered = Buffer.concat([
    stored?.content ?? Buffer.alloc(0),
    Buffer.from('\n;document.title = "tampered";'),
  ]);
  for (const [hash, content] of [
    [tamperedEntry.plain, altered],
    [tamperedEntry.br, brotliCompressSync(altered)],
    [tamperedEntry.gz, gzipSync(altered)],
  ] as const)
    await server?.query('UPDATE remote_blobs SET content = $2 WHERE hash = $1', [hash, content]);

  // Dana's browser loaded 1.0.0 before: it falls back to it.
  const tampered = dana.waitForRequest((request) =>
    request.url().includes(`/remotes/${KEY}/v/1.0.1/remoteEntry.js`),
  );
  const lastGood = dana.waitForRequest((request) =>
    request.url().includes(`/remotes/${KEY}/v/1.0.0/remoteEntry.js`),
  );
  await dana.reload();
  await tampered;
  await lastGood;
  await expect(dana.getByRole('heading', { level: 2, name: 'Ledger' })).toBeVisible();
  expect(await dana.title()).not.toBe('tampered');

  // Without a good version of its own (this browser's memory of 1.0.0 gone), the module-unavailable
  // card shows, never a blank page, and the rest of the shell keeps working.
  await dana.evaluate(() => localStorage.removeItem('tessera.remotes.last-good'));
  await dana.reload();
  await expect(dana.getByRole('heading', { name: 'Module unavailable' })).toBeVisible();
  await expect(dana.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(sidebar(dana).getByRole('link', { name: 'Ledger', exact: true })).toBeVisible();
  expect(await dana.title()).not.toBe('tampered');
});

test('the console registers a remote with several modules, by keyboard, and shows a refusal under its field', async ({
  browser,
}) => {
  const admin = await (await openContext(browser, { baseURL: server?.base as string })).newPage();
  await signIn(admin, { email: 'admin@tessera.app', password: 'tessera-admin' });
  await admin.goto('/platform');
  const form = admin.getByRole('form', { name: 'Register a remote' });
  await form.getByLabel('Remote key').fill('ledger-tools');
  await form.getByLabel('Remote name').fill('Ledger tools');
  const first = form.getByRole('group', { name: 'Module 1' });
  // A module id that exists (the journey's ledger) is refused by the API, under that module's id.
  await first.getByLabel('Module id').fill(KEY);
  await first.getByLabel('Submodule 1 name').fill('Close Books');
  await expect(first.getByText('/modules/ledger/close-books')).toBeVisible();
  await form.getByRole('button', { name: 'Add another module' }).press('Enter');
  const second = form.getByRole('group', { name: 'Module 2' });
  await second.getByLabel('Module name').fill('Audit Trail');
  await second.getByLabel('Submodule 1 name').fill('Reviews');
  await second.getByRole('button', { name: 'Add a submodule to module 2' }).press('Enter');
  await second.getByLabel('Submodule 2 name').fill('Sign-offs');
  await expect(second.getByText('/modules/audit-trail/sign-offs')).toBeVisible();
  await form.getByRole('button', { name: 'Register remote' }).press('Enter');
  await expect(first.getByLabel('Module id')).toHaveAttribute('aria-invalid', 'true');
  await expect(first.getByRole('alert')).toContainText(`A module with the id ${KEY} already exists`);

  await first.getByLabel('Module id').fill('ledger-close');
  await form.getByRole('button', { name: 'Register remote' }).press('Enter');
  const registered = admin.getByRole('region', { name: 'Registered remote ledger-tools' });
  await expect(registered).toContainText('Modules: Ledger tools, Audit Trail');
});
