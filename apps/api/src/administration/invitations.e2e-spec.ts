import { INVITATION_LINK_MESSAGES, type InvitationLookup } from '@tessera/data-access/contracts';
import request from 'supertest';
import { hashToken } from '../common/one-time-token';
import { invitationAndResetMailsSettled, linkOf } from '../test/mail-links';
import { createTestApp, institutionIds, queryTestDatabase, signIn, type TestApp } from '../test/test-app';
import { eventually, type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from '../test/test-smtp';

async function userCount(email: string): Promise<number> {
  const rows = await queryTestDatabase('SELECT id FROM users WHERE email = $1', [email]);
  return rows.length;
}

describe('invitations by e-mailed link (real SMTP server)', () => {
  let smtp: TestSmtpServer;
  let api: TestApp;
  let ids: Record<string, string>;

  /** The newest e-mail to `to`, once more than `seen` have arrived. */
  function mailTo(to: string, seen = 0): Promise<ReceivedMail> {
    return eventually(async () => {
      const mails = smtp.received.filter((mail) => mail.to.includes(to));
      return mails.length > seen ? mails[mails.length - 1] : undefined;
    });
  }

  async function invite(email: string, role = 'member', institution = 'acme', as = 'demo@acme.test') {
    const owner = await signIn(api, as);
    const response = await owner.agent
      .post('/api/administration/invitations')
      .set(owner.headers(institution))
      .send({ email, role })
      .expect(201);
    return { owner, invitation: response.body as { id: string; expires_at: string } };
  }

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    api = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1' });
    ids = await institutionIds();
  });

  afterAll(async () => {
    await invitationAndResetMailsSettled();
    await api.close();
    await smtp.close();
  });

  it('e-mails a single-use link; the link opens the invitation, creates the account and its membership', async () => {
    const email = 'riley.stone@example.test';
    const { owner, invitation } = await invite(email, 'viewer');
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Dana Reyes invited you to Acme Corporation on Tessera');
    expect(mail.text).toContain(
      'Dana Reyes (demo@acme.test) invited you to join Acme Corporation on Tessera as Viewer.',
    );
    expect(mail.text).toMatch(/The link works once and expires on \d{1,2} \w+ \d{4}, \d\d:\d\d UTC\./);
    const { link, token } = linkOf(mail.text);
    expect(link.startsWith(`${api.url}/invitations/accept#token=`)).toBe(true);
    expect(mail.html).toContain(`href="${link}"`);
    // Seven days, and only the token's hash is kept.
    const days = (new Date(invitation.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const [row] = await queryTestDatabase<{ token_hash: string }>(
      'SELECT token_hash FROM institution_invitations WHERE id = $1',
      [invitation.id],
    );
    expect(row.token_hash).toBe(hashToken(token));
    const [outboxRow] = await queryTestDatabase<{ kind: string; sensitive: boolean; org_id: string }>(
      "SELECT kind, sensitive, org_id FROM mail_outbox WHERE recipient = $1 AND kind = 'invitation'",
      [email],
    );
    expect(outboxRow).toEqual({ kind: 'invitation', sensitive: true, org_id: ids.acme });

    const lookup = await request(api.url).post('/api/invitations/lookup').send({ token }).expect(200);
    expect(lookup.body as InvitationLookup).toMatchObject({
      institution_id: ids.acme,
      institution_name: 'Acme Corporation',
      role: 'viewer',
      email,
      invited_by: 'Dana Reyes',
      next: 'sign_up',
    });

    const agent = request.agent(api.url);
    const signUp = await agent
      .post('/api/invitations/sign-up')
      .send({ token, first_name: 'Riley', last_name: 'Stone', password: 'riley-password' })
      .expect(201);
    expect(signUp.body).toMatchObject({
      user: { email, user_metadata: { first_name: 'Riley', last_name: 'Stone' } },
      invitation: { institution_id: ids.acme, institution_name: 'Acme Corporation', role: 'viewer' },
    });
    expect(String(signUp.headers['set-cookie'])).toContain('tessera_at=');
    const institutions = await agent.get('/api/institutions').expect(200);
    expect(institutions.body).toEqual([expect.objectContaining({ slug: 'acme', userRole: 'viewer' })]);
    await request(api.url).post('/api/auth/sign-in').send({ email, password: 'riley-password' }).expect(200);

    // Single use: the link now only says it was used.
    const again = await request(api.url)
      .post('/api/invitations/sign-up')
      .send({ token, first_name: 'Other', last_name: 'Person', password: 'other-password' })
      .expect(400);
    expect(again.body.message).toBe(INVITATION_LINK_MESSAGES.accepted);
    expect(again.body.errors).toEqual({ token: [INVITATION_LINK_MESSAGES.accepted] });
    const used = await request(api.url).post('/api/invitations/lookup').send({ token }).expect(400);
    expect(used.body.message).toBe(INVITATION_LINK_MESSAGES.accepted);
    expect(await userCount(email)).toBe(1);

    const audit = await owner.agent.get('/api/administration/audit').set(owner.headers('acme')).expect(200);
    expect(audit.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'invitation.accepted', target: email, actor_email: email }),
      ]),
    );
  });

  it('closes sign-up without the e-mailed token, even for an address at the super-admin domain', async () => {
    // However the invitation came to exist, only the mailbox that received its link may claim it.
    await queryTestDatabase(
      `INSERT INTO institution_invitations (institution_id, email, role, token_hash, expires_at)
       VALUES ($1, 'someone@tessera.app', 'member', $2, now() + interval '7 days')`,
      [ids.globex, hashToken('a-token-nobody-was-sent')],
    );
    const attack = await request(api.url)
      .post('/api/invitations/sign-up')
      .send({
        email: 'someone@tessera.app',
        password: 'any-password',
        first_name: 'Eve',
        last_name: 'Attacker',
      })
      .expect(400);
    expect(attack.body.errors).toMatchObject({
      email: ['property email should not exist'],
      token: expect.arrayContaining(['token is required']),
    });
    expect(attack.headers['set-cookie']).toBeUndefined();

    const guessed = await request(api.url)
      .post('/api/invitations/sign-up')
      .send({ token: 'A'.repeat(43), password: 'any-password', first_name: 'Eve', last_name: 'Attacker' })
      .expect(400);
    expect(guessed.body).toMatchObject({
      message: INVITATION_LINK_MESSAGES.invalid,
      errors: { token: [INVITATION_LINK_MESSAGES.invalid] },
    });
    await request(api.url).post('/api/invitations/lookup').send({ token: 'not a token' }).expect(400);
    expect(await userCount('someone@tessera.app')).toBe(0);
  });

  it('refuses an expired link, and a withdrawn one, with a clear message and creates nothing', async () => {
    const expiring = 'morgan.expired@example.test';
    const { owner, invitation } = await invite(expiring);
    const { token } = linkOf((await mailTo(expiring)).text);
    await queryTestDatabase(
      "UPDATE institution_invitations SET expires_at = now() - interval '1 minute' WHERE id = $1",
      [invitation.id],
    );
    const expired = await request(api.url).post('/api/invitations/lookup').send({ token }).expect(400);
    expect(expired.body.message).toBe('This invitation link has expired. Ask for a new one.');
    await request(api.url)
      .post('/api/invitations/sign-up')
      .send({ token, first_name: 'Morgan', last_name: 'Late', password: 'morgan-password' })
      .expect(400);
    expect(await userCount(expiring)).toBe(0);
    const list = await owner.agent
      .get('/api/administration/invitations')
      .set(owner.headers('acme'))
      .expect(200);
    expect(list.body.find((row: { id: string }) => row.id === invitation.id)).toMatchObject({
      status: 'expired',
    });

    const withdrawn = 'jamie.withdrawn@example.test';
    const second = await invite(withdrawn);
    const withdrawnLink = linkOf((await mailTo(withdrawn)).text);
    await owner.agent
      .delete(`/api/administration/invitations/${second.invitation.id}`)
      .set(owner.headers('acme'))
      .expect(204);
    const revoked = await request(api.url)
      .post('/api/invitations/sign-up')
      .send({
        token: withdrawnLink.token,
        first_name: 'Jamie',
        last_name: 'Gone',
        password: 'jamie-password',
      })
      .expect(400);
    expect(revoked.body.message).toBe(INVITATION_LINK_MESSAGES.revoked);
    expect(await userCount(withdrawn)).toBe(0);
    // Withdrawn invitations leave the list, and the address may be invited again.
    const after = await owner.agent
      .get('/api/administration/invitations')
      .set(owner.headers('acme'))
      .expect(200);
    expect(after.body.map((row: { email: string }) => row.email)).not.toContain(withdrawn);
    await owner.agent
      .delete(`/api/administration/invitations/${second.invitation.id}`)
      .set(owner.headers('acme'))
      .expect(404);
    await invite(withdrawn);
    await mailTo(withdrawn, 1);
  });

  it('resends: a new link with a new expiry, and the old link stops working', async () => {
    const email = 'avery.resend@example.test';
    const { owner, invitation } = await invite(email, 'member');
    const first = linkOf((await mailTo(email)).text);
    await queryTestDatabase(
      "UPDATE institution_invitations SET expires_at = now() - interval '1 day' WHERE id = $1",
      [invitation.id],
    );
    const resent = await owner.agent
      .post(`/api/administration/invitations/${invitation.id}/resend`)
      .set(owner.headers('acme'))
      .expect(200);
    expect(resent.body).toMatchObject({ id: invitation.id, email, status: 'pending' });
    expect(new Date(resent.body.expires_at).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    const second = linkOf((await mailTo(email, 1)).text);
    expect(second.token).not.toBe(first.token);

    const old = await request(api.url)
      .post('/api/invitations/lookup')
      .send({ token: first.token })
      .expect(400);
    expect(old.body.message).toBe(INVITATION_LINK_MESSAGES.invalid);
    await request(api.url).post('/api/invitations/lookup').send({ token: second.token }).expect(200);

    const audit = await owner.agent.get('/api/administration/audit').set(owner.headers('acme')).expect(200);
    expect(audit.body[0]).toMatchObject({ action: 'invitation.resent', target: email });
    // Someone else's institution cannot resend it; a viewer cannot either.
    const globex = await signIn(api, 'owner@globex.test');
    await globex.agent
      .post(`/api/administration/invitations/${invitation.id}/resend`)
      .set(globex.headers('globex'))
      .expect(404);
    const viewer = await signIn(api, 'viewer@acme.test');
    await viewer.agent
      .post(`/api/administration/invitations/${invitation.id}/resend`)
      .set(viewer.headers('acme'))
      .expect(403);
  });

  it('an invitee with an account accepts after signing in; nobody else can; signing in alone accepts nothing', async () => {
    const email = 'sam.ortiz@globex.test';
    const { owner } = await invite(email, 'member');
    const { token } = linkOf((await mailTo(email)).text);
    const lookup = await request(api.url).post('/api/invitations/lookup').send({ token }).expect(200);
    expect(lookup.body).toMatchObject({ email, next: 'sign_in' });
    const signUp = await request(api.url)
      .post('/api/invitations/sign-up')
      .send({ token, first_name: 'Sam', last_name: 'Ortiz', password: 'another-password' })
      .expect(409);
    expect(signUp.body.message).toBe(
      'An account with this e-mail already exists. Sign in to accept the invitation.',
    );

    await request(api.url).post('/api/invitations/accept').send({ token }).expect(401);
    const viewer = await signIn(api, 'viewer@acme.test');
    const wrong = await viewer.agent.post('/api/invitations/accept').send({ token }).expect(403);
    expect(wrong.body.message).toBe(
      `This invitation is for ${email}. Sign in with that e-mail to accept it.`,
    );

    const sam = await signIn(api, email);
    expect(Object.keys(sam.institutions)).toEqual(['globex']);
    const accepted = await sam.agent.post('/api/invitations/accept').send({ token }).expect(200);
    expect(accepted.body).toEqual({
      institution_id: ids.acme,
      institution_name: 'Acme Corporation',
      role: 'member',
    });
    const institutions = await sam.agent.get('/api/institutions').expect(200);
    expect(institutions.body.map((row: { slug: string }) => row.slug).sort()).toEqual(['acme', 'globex']);
    const twice = await sam.agent.post('/api/invitations/accept').send({ token }).expect(400);
    expect(twice.body.message).toBe(INVITATION_LINK_MESSAGES.accepted);

    // Leave Acme as the other suites expect it.
    await owner.agent
      .delete(`/api/administration/members/${sam.userId}`)
      .set(owner.headers('acme'))
      .expect(204);
  });

  it('lets only one of two simultaneous sign-ups through the same link succeed', async () => {
    const email = 'casey.race@example.test';
    await invite(email);
    const { token } = linkOf((await mailTo(email)).text);
    const attempt = (first_name: string) =>
      request(api.url)
        .post('/api/invitations/sign-up')
        .send({ token, first_name, last_name: 'Race', password: 'race-password' });
    const statuses = (await Promise.all([attempt('One'), attempt('Two')])).map((response) => response.status);
    expect(statuses.sort()).toEqual([201, 400]);
    expect(await userCount(email)).toBe(1);
  });

  it('answers bad input with a message per field and changes nothing', async () => {
    const email = 'quinn.fields@example.test';
    await invite(email);
    const { token } = linkOf((await mailTo(email)).text);
    const response = await request(api.url)
      .post('/api/invitations/sign-up')
      .send({ token, first_name: '  ', last_name: '', password: 'short' })
      .expect(400);
    expect(response.body.errors).toEqual({
      first_name: ['first_name must not be empty'],
      last_name: ['last_name must not be empty'],
      password: ['password must be at least 10 characters'],
    });
    const owner = await signIn(api, 'demo@acme.test');
    const badInvite = await owner.agent
      .post('/api/administration/invitations')
      .set(owner.headers('acme'))
      .send({ email: 'not an address', role: 'emperor' })
      .expect(400);
    expect(Object.keys(badInvite.body.errors).sort()).toEqual(['email', 'role']);
    expect(await userCount(email)).toBe(0);
    // The link still works after refused attempts.
    await request(api.url).post('/api/invitations/lookup').send({ token }).expect(200);
  });
});
