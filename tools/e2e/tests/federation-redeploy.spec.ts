import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { sidebar, openDashboard } from './shell-session';

const root = join(__dirname, '..', '..', '..');

function webRoot(): string {
  const dir = process.env.E2E_WEB_ROOT;
  if (!dir) throw new Error('E2E_WEB_ROOT is set by the global setup');
  return dir;
}

function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Builds crm-remote alone, then swaps it into the running server's web root the way a deploy would. */
function deployCrmRemote(label: string): void {
  const target = join(webRoot(), 'crm-remote');
  const build = spawnSync(
    join(root, 'node_modules', '.bin', 'rspack'),
    ['build', '--mode', 'production', '--output-path', join(target, 'dist.next')],
    {
      cwd: join(root, 'apps', 'crm-remote'),
      env: { ...process.env, TESSERA_BUILD_LABEL: label },
      encoding: 'utf8',
    },
  );
  expect(build.status, build.stderr || build.stdout).toBe(0);
  renameSync(join(target, 'dist'), join(target, 'dist.old'));
  renameSync(join(target, 'dist.next'), join(target, 'dist'));
  rmSync(join(target, 'dist.old'), { recursive: true, force: true });
}

test('a rebuilt crm-remote goes live without rebuilding the shell or restarting the server', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const shellIndex = join(webRoot(), 'shell', 'dist', 'index.html');
  const shellBefore = fileHash(shellIndex);
  const registryBefore = await request.get('/api/health');
  expect(registryBefore.ok()).toBe(true);

  await openDashboard(page);
  await sidebar(page).getByRole('link', { name: 'CRM', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: /CRM/ }).first()).toBeVisible();
  await expect(page.getByText(/^CRM build /)).toHaveCount(0);

  const label = `redeploy-${Date.now()}`;
  deployCrmRemote(label);

  await page.reload();
  await expect(page.getByText(`CRM build ${label}`)).toBeVisible();
  // Same shell files, same server process (it answered throughout; nothing was restarted).
  expect(fileHash(shellIndex)).toBe(shellBefore);
  expect((await request.get('/api/health')).ok()).toBe(true);
});

test('a remote whose server is down shows Module unavailable while the rest of the shell works', async ({
  page,
}) => {
  await openDashboard(page);
  await page.route('**/remotes/industry/**', (route) => route.abort('connectionrefused'));
  await sidebar(page).getByRole('link', { name: 'Healthcare', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Module unavailable' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  // The CRM remote lives elsewhere and still loads.
  await sidebar(page).getByRole('link', { name: 'CRM', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Module unavailable' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: /CRM/ }).first()).toBeVisible();
});
