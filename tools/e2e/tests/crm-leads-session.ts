import { expect, type Page } from '@playwright/test';
import { acmeId, SAME_ORIGIN } from './shell-session';

export { acmeId };

/** Signs in as Dana (Acme owner) through the real form. */
export async function signInAsDana(page: Page): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill('demo@acme.test');
  await page.getByLabel('Password').fill('tessera-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** A fresh lead in Acme through the API (as the browser session), for tests that need their own. */
export async function createAcmeLead(page: Page, fields: Record<string, string>): Promise<string> {
  const response = await page.request.post('/api/crm/leads', {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': await acmeId(page) },
    data: fields,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
