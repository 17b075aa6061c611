import { expect, type Page, request } from '@playwright/test';
import { Client } from 'pg';
import { institutionIdOf } from './admin-session';
import { SAME_ORIGIN } from './shell-session';

/**
 * Invites `email` to the signed-in owner's institution through the API and answers the e-mailed
 * link, as its inviter may copy it from the institution's outbox (the e2e server has no mail server).
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
    link = detail.invitation_link;
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

/**
 * The link of the newest message of `kind` to `email`, as the recipient's mailbox would hold it. The
 * e2e server has no mail server and no reader of the outbox gets a sign-in link, so the text is read
 * from the outbox table, where the message was written.
 */
export async function mailedLink(email: string, kind: 'invitation' | 'password_reset'): Promise<string> {
  const connectionString = process.env.E2E_DATABASE_URL;
  if (!connectionString) throw new Error('E2E_DATABASE_URL is set by the global setup');
  const client = new Client({ connectionString });
  await client.connect();
  try {
    let link = '';
    await expect(async () => {
      const { rows } = await client.query<{ text_body: string }>(
        'SELECT text_body FROM mail_outbox WHERE recipient = $1 AND kind = $2 ORDER BY created_at DESC LIMIT 1',
        [email, kind],
      );
      link = rows[0]?.text_body.match(/https?:\/\/\S+#token=[A-Za-z0-9_-]+/)?.[0] ?? '';
      expect(link).not.toBe('');
    }).toPass();
    return link;
  } finally {
    await client.end();
  }
}
