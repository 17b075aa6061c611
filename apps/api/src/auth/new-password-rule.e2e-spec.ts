import argon2 from 'argon2';
import request from 'supertest';
import { latestOutboxMessage, linkOf, outboxSettled } from '../test/mail-links';
import {
  createTestApp,
  failOnViolations,
  queryTestDatabase,
  type Session,
  signIn,
  type TestApp,
} from '../test/test-app';
import { signInFreshUser, uniqueEmail } from '../test/test-users';

/** Messages of this file are queued after this instant. */
const suiteStarted = new Date();
const EIGHT_SPACES = ' '.repeat(8);
const TWELVE_BLANKS = ' \t '.repeat(4);

async function passwordHashOf(userId: string): Promise<string | undefined> {
  const [row] = await queryTestDatabase<{ password_hash: string }>(
    'SELECT password_hash FROM users WHERE id = $1',
    [userId],
  );
  return row?.password_hash;
}

describe('one rule for every new password: 10 characters, not only spaces', () => {
  let api: TestApp;
  let owner: Session;
  beforeAll(async () => {
    api = await createTestApp();
    owner = await signIn(api, 'demo@acme.test');
  });
  afterEach(() => failOnViolations(api.takeResponseViolations()));
  // The invitation and the reset message must not be left for the next suite's app to deliver.
  afterAll(async () => {
    await outboxSettled(suiteStarted);
    await api.close();
  });

  it('refuses a password of spaces at sign-up by invitation, and creates no account', async () => {
    const email = uniqueEmail('spaces', 'example.test');
    await owner.agent
      .post('/api/administration/invitations')
      .set(owner.headers('acme'))
      .send({ email, role: 'viewer' })
      .expect(201);
    const { token } = linkOf((await latestOutboxMessage(email, 'invitation')).text_body);
    const signUp = (password: string) =>
      request(api.url)
        .post('/api/invitations/sign-up')
        .send({ token, password, first_name: 'Blank', last_name: 'Space' });
    for (const password of [EIGHT_SPACES, TWELVE_BLANKS]) {
      const refused = await signUp(password).expect(400);
      expect(refused.body.errors).toEqual({ password: ['password must not be only spaces'] });
    }
    // Nine characters that are more than ten UTF-16 units are still nine.
    const nineKeys = await signUp('🔑'.repeat(9)).expect(400);
    expect(nineKeys.body.errors).toEqual({ password: ['password must be at least 10 characters'] });
    expect(await queryTestDatabase('SELECT id FROM users WHERE email = $1', [email])).toHaveLength(0);
    // The refusals did not use up the link.
    await signUp('🔑'.repeat(10)).expect(201);
  });

  it('refuses a password of spaces when it is changed, and keeps the old one', async () => {
    const person = await signInFreshUser(api, 'changer');
    const before = await passwordHashOf(person.userId);
    const refused = await person.agent
      .post('/api/auth/password')
      .send({ current_password: 'tessera-demo', new_password: ' '.repeat(16) })
      .expect(400);
    expect(refused.body.errors).toEqual({ new_password: ['new_password must not be only spaces'] });
    const short = await person.agent
      .post('/api/auth/password')
      .send({ current_password: 'tessera-demo', new_password: 'nine-char' })
      .expect(400);
    expect(short.body.errors).toEqual({ new_password: ['new_password must be at least 10 characters'] });
    expect(await passwordHashOf(person.userId)).toBe(before);
    expect(await argon2.verify(before ?? '', 'tessera-demo')).toBe(true);
  });

  it('refuses a password of spaces on a reset link, and the link still works afterwards', async () => {
    const person = await signInFreshUser(api, 'resetting');
    const [user] = await queryTestDatabase<{ email: string }>('SELECT email FROM users WHERE id = $1', [
      person.userId,
    ]);
    const email = user?.email ?? '';
    await request(api.url).post('/api/auth/password-reset').send({ email }).expect(202);
    const { token } = linkOf((await latestOutboxMessage(email, 'password_reset')).text_body);
    const refused = await request(api.url)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: ' '.repeat(40) })
      .expect(400);
    expect(refused.body.errors).toEqual({ password: ['password must not be only spaces'] });
    await request(api.url)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: '  spaces around are fine  ' })
      .expect(200);
  });
});
