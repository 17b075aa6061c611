import { expect, type Page, request } from '@playwright/test';
import { institutionIdOf } from './admin-session';
import { SAME_ORIGIN } from './shell-session';

/**
 * Invites `email` to the signed-in owner's institution through the API and answers the e-mailed
 * link, read from the institution's outbox (the e2e server has no mail server).
 */
export async function inviteByApi(
  owner: Page,
  institution: string,
  email: string,
  role = 'member',
): Promise<string> {
  const headers = { 'X-Institution-Id': await institutionIdOf(owner, institution) };
  const invited = await owner.request.post('/api/administration/invitations', {
    headers: { ...headers, ...SAME_ORIGIN },
    data: { email, role },
  });
  expect(invited.status()).toBe(201);
  let link = '';
  await expect(async () => {
    const page = await (await owner.request.get('/api/outbox?limit=50', { headers })).json();
    const message = page.items.find((item: { recipient: string }) => item.recipient === email);
    const detail = await (await owner.request.get(`/api/outbox/${message.id}`, { headers })).json();
    link = detail.links[0];
    expect(link).toMatch(/#token=[A-Za-z0-9_-]{43}$/);
  }).toPass();
  return link;
}

/** An account of the test's own, made the only way there is: an invitation link. */
export async function createAccount(owner: Page, email: string, password: string): Promise<void> {
  const link = await inviteByApi(owner, 'Acme Corporation', email);
  const token = new URL(link).hash.replace('#token=', '');
  // A browser of its own, signed out (not the journey's saved session): the sign-up's session
  // cookies must not replace the owner's.
  const newcomer = await request.newContext({
    baseURL: SAME_ORIGIN.Origin,
    storageState: { cookies: [], origins: [] },
  });
  const signUp = await newcomer.post('/api/invitations/sign-up', {
    data: { token, first_name: 'Parker', last_name: 'Quinn', password },
  });
  expect(signUp.status()).toBe(201);
  await newcomer.dispose();
}
