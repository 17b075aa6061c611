import {
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_LINK_MESSAGES,
  PASSWORD_RESET_REQUESTED_MESSAGE,
} from '@tessera/data-access/contracts';
import request from 'supertest';
import { invitationAndResetMailsSettled, linkOf } from '../test/mail-links';
import { createTestApp, queryTestDatabase, type TestApp } from '../test/test-app';
import { eventually, type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from '../test/test-smtp';
import { createTestUser } from '../test/test-users';
import { hashToken } from '../common/one-time-token';
import { PASSWORD_RESET_JOB } from './password-reset.service';

/** An account of this suite's own: resetting a demo user's password would disturb other suites. */
function createUser(email: string, password: string): Promise<string> {
  return createTestUser(email, { password, firstName: 'Reset', lastName: 'Tester' });
}

/** Waits until the reset job for this address has run to completion. */
async function resetJobDone(email: string): Promise<void> {
  await eventually(async () => {
    const rows = await queryTestDatabase(
      "SELECT id FROM pgboss.job WHERE name = $1 AND data->>'email' = $2 AND state = 'completed'",
      [PASSWORD_RESET_JOB, email],
    );
    return rows.length > 0;
  });
}

describe('password reset by e-mailed link (real SMTP server)', () => {
  let smtp: TestSmtpServer;
  let api: TestApp;

  function mailTo(to: string, seen = 0): Promise<ReceivedMail> {
    return eventually(async () => {
      const mails = smtp.received.filter((mail) => mail.to.includes(to));
      return mails.length > seen ? mails[mails.length - 1] : undefined;
    });
  }

  async function requestReset(email: string) {
    return request(api.url).post('/api/auth/password-reset').send({ email }).expect(202);
  }

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    api = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1' });
  });

  afterAll(async () => {
    await invitationAndResetMailsSettled();
    await api.close();
    await smtp.close();
  });

  it('answers the same for an unknown address, and sends a link only to an existing account', async () => {
    const email = 'reset.known@example.test';
    const userId = await createUser(email, 'old-password');
    const unknown = 'nobody.here@example.test';

    const forUnknown = await requestReset(unknown);
    const forKnown = await requestReset('Reset.Known@Example.test');
    expect(forKnown.body).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    expect(forUnknown.body).toEqual(forKnown.body);
    expect(forUnknown.status).toBe(forKnown.status);

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Reset your Tessera password');
    expect(mail.text).toContain(`Tessera account ${email}`);
    const { link, token } = linkOf(mail.text);
    expect(link.startsWith(`${api.url}/reset-password#token=`)).toBe(true);
    const [stored] = await queryTestDatabase<{ token_hash: string; user_id: string; minutes: number }>(
      `SELECT token_hash, user_id, extract(epoch FROM expires_at - created_at) / 60 AS minutes
         FROM password_reset_tokens WHERE user_id = $1`,
      [userId],
    );
    expect(stored.token_hash).toBe(hashToken(token));
    expect(Math.round(Number(stored.minutes))).toBe(60);
    const [message] = await queryTestDatabase<{ kind: string; sensitive: boolean; org_id: string | null }>(
      'SELECT kind, sensitive, org_id FROM mail_outbox WHERE recipient = $1',
      [email],
    );
    expect(message).toEqual({ kind: 'password_reset', sensitive: true, org_id: null });

    await resetJobDone(unknown);
    expect(await queryTestDatabase('SELECT id FROM mail_outbox WHERE recipient = $1', [unknown])).toEqual([]);
    expect(smtp.received.filter((received) => received.to.includes(unknown))).toEqual([]);
  });

  it('sets the new password with the link once, and ends every session of the account', async () => {
    const email = 'reset.sessions@example.test';
    await createUser(email, 'old-password');
    const laptop = request.agent(api.url).set('Origin', api.url);
    const phone = request.agent(api.url).set('Origin', api.url);
    await laptop.post('/api/auth/sign-in').send({ email, password: 'old-password' }).expect(200);
    await phone.post('/api/auth/sign-in').send({ email, password: 'old-password' }).expect(200);

    await requestReset(email);
    const { token } = linkOf((await mailTo(email)).text);

    // A refused new password does not use up the link.
    const weak = await request(api.url)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'short' })
      .expect(400);
    expect(weak.body.errors).toEqual({ password: ['password must be at least 10 characters'] });

    const done = await request(api.url)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'brand-new-password' })
      .expect(200);
    expect(done.body).toEqual({ message: PASSWORD_RESET_DONE_MESSAGE });

    await request(api.url).post('/api/auth/sign-in').send({ email, password: 'old-password' }).expect(401);
    await request(api.url)
      .post('/api/auth/sign-in')
      .send({ email, password: 'brand-new-password' })
      .expect(200);
    // The access tokens die at once too, not when they expire.
    await laptop.get('/api/auth/user').expect(401);
    await laptop.post('/api/auth/refresh').expect(401);
    await phone.post('/api/auth/refresh').expect(401);

    const reused = await request(api.url)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'third-password' })
      .expect(400);
    expect(reused.body).toMatchObject({
      message: PASSWORD_RESET_LINK_MESSAGES.used,
      errors: { token: [PASSWORD_RESET_LINK_MESSAGES.used] },
    });
    await request(api.url)
      .post('/api/auth/sign-in')
      .send({ email, password: 'brand-new-password' })
      .expect(200);
  });

  it('lets only one of two simultaneous uses of a link succeed', async () => {
    const email = 'reset.race@example.test';
    await createUser(email, 'old-password');
    await requestReset(email);
    const { token } = linkOf((await mailTo(email)).text);
    const use = (password: string) =>
      request(api.url).post('/api/auth/password-reset/confirm').send({ token, password });
    const answers = await Promise.all([use('first-new-password'), use('second-new-password')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const winner = answers[0].status === 200 ? 'first-new-password' : 'second-new-password';
    await request(api.url).post('/api/auth/sign-in').send({ email, password: winner }).expect(200);
  });

  it('refuses an expired link, an unknown one, and a malformed request, changing nothing', async () => {
    const email = 'reset.expired@example.test';
    const userId = await createUser(email, 'old-password');
    await requestReset(email);
    const { token } = linkOf((await mailTo(email)).text);
    await queryTestDatabase(
      "UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [userId],
    );
    const expired = await request(api.url)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'new-password-1' })
      .expect(400);
    expect(expired.body.message).toBe(PASSWORD_RESET_LINK_MESSAGES.expired);

    const unknown = await request(api.url)
      .post('/api/auth/password-reset/confirm')
      .send({ token: 'B'.repeat(43), password: 'new-password-1' })
      .expect(400);
    expect(unknown.body.message).toBe(PASSWORD_RESET_LINK_MESSAGES.invalid);

    const missing = await request(api.url).post('/api/auth/password-reset/confirm').send({}).expect(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['password', 'token']);
    const badAddress = await request(api.url)
      .post('/api/auth/password-reset')
      .send({ email: 'not an address' })
      .expect(400);
    expect(badAddress.body.errors).toEqual({ email: ['email must be a valid email address'] });

    await request(api.url).post('/api/auth/sign-in').send({ email, password: 'old-password' }).expect(200);
  });
});
