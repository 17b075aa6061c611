import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { redeployPaths } from '../redeploy-build';
import { expect, test } from './fixtures';
import { openDashboard, sidebar } from './shell-session';

function webRoot(): string {
  const dir = process.env.E2E_WEB_ROOT;
  if (!dir) throw new Error('E2E_WEB_ROOT is set by the global setup');
  return dir;
}

function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/**
 * Swaps the second crm-remote build (made by the global setup while the first journeys ran:
 * redeploy-build.ts) into the running server's web root the way a deploy would. That the server
 * serves a remote swapped on disk at once, entry revalidated and shell untouched, is also proven
 * without a browser in apps/api/src/web/static-web.e2e-spec.ts.
 */
async function deployCrmRemote(): Promise<void> {
  const next = redeployPaths(webRoot());
  // The build started with the run; it is usually long done by now.
  await expect.poll(() => existsSync(next.outcome), { timeout: 60_000 }).toBe(true);
  const { code } = JSON.parse(readFileSync(next.outcome, 'utf8')) as { code: number | null };
  expect(code, readFileSync(next.log, 'utf8')).toBe(0);
  const target = join(webRoot(), 'crm-remote');
  renameSync(join(target, 'dist'), join(target, 'dist.old'));
  renameSync(next.dist, join(target, 'dist'));
  rmSync(join(target, 'dist.old'), { recursive: true, force: true });
}

test('a rebuilt crm-remote goes live without rebuilding the shell or restarting the server', async ({
  page,
  request,
}) => {
  const label = process.env.E2E_REDEPLOY_LABEL;
  if (!label) throw new Error('E2E_REDEPLOY_LABEL is set by the global setup');
  const shellIndex = join(webRoot(), 'shell', 'dist', 'index.html');
  const shellBefore = fileHash(shellIndex);
  const registryBefore = await request.get('/api/health');
  expect(registryBefore.ok()).toBe(true);

  await openDashboard(page);
  await sidebar(page).getByRole('link', { name: 'CRM', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: /CRM/ }).first()).toBeVisible();
  await expect(page.getByText(/^CRM build /)).toHaveCount(0);

  await deployCrmRemote();

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
