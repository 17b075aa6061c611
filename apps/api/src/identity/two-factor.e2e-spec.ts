import { randomBytes } from 'node:crypto';
import { hashToken } from '../common/one-time-token';
import { queryTestDatabase } from '../test/test-app';
import { useTestApi } from '../test/test-fixture';
import {
  codeFor,
  institutionHeader,
  newInstitution,
  newPerson,
  type TestPerson,
  turnOnTwoFactor,
} from './identity-test-people';

/*
 * Two-factor sign-in with real codes from otpauth. A code is accepted once and never one older than
 * the last accepted, so each test signs in with codes of the next time steps (the window allows one).
 */
describe('two-factor sign-in', () => {
  const { api } = useTestApi([]);

  function passwordStep(person: TestPerson, password = person.password) {
    return person.agent.post('/api/auth/sign-in').send({ email: person.email, password });
  }

  it('is set up from a secret and a first code, and then asks for a code after the password', async () => {
    const person = await newPerson(api, 'totp');
    await passwordStep(person).expect(200);
    const setup = await person.agent.post('/api/auth/two-factor/setup').expect(200);
    expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/Tessera:.*secret=/);
    expect(setup.body.otpauth_url).toContain(encodeURIComponent(person.email));
    // Not on until a code proves the app has the secret: a wrong one changes nothing.
    const wrong = await person.agent
      .post('/api/auth/two-factor/confirm')
      .send({ code: '000000' })
      .expect(400);
    expect(wrong.body.errors).toEqual({ code: ['The code is wrong or was already used'] });
    await person.agent.post('/api/auth/two-factor/confirm').send({ code: 'abc' }).expect(400);
    expect((await person.agent.get('/api/auth/two-factor').expect(200)).body).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
    const confirmed = await person.agent
      .post('/api/auth/two-factor/confirm')
      .send({ code: codeFor(setup.body.secret) })
      .expect(200);
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.body.recovery_codes).size).toBe(10);
    // Stored hashed only.
    const stored = await queryTestDatabase<{ code_hash: string }>(
      'SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = $1',
      [person.id],
    );
    expect(stored.map((row) => row.code_hash)).not.toContain(confirmed.body.recovery_codes[0]);
    expect((await person.agent.get('/api/auth/two-factor').expect(200)).body).toEqual({
      enabled: true,
      recovery_codes_left: 10,
    });

    await person.agent.post('/api/auth/sign-out').expect(204);
    const challenge = await passwordStep(person).expect(200);
    expect(challenge.body).toEqual({ two_factor_required: true });
    const cookies = String(challenge.headers['set-cookie']);
    expect(cookies).toMatch(/tessera_2fa=.*HttpOnly/i);
    expect(cookies).not.toMatch(/tessera_at=/);
    await person.agent.get('/api/auth/user').expect(401);

    // The code of the step already used to confirm is refused (reused), as is one from 3 steps ago (expired).
    const reused = await person.agent
      .post('/api/auth/sign-in/two-factor')
      .send({ code: codeFor(setup.body.secret) });
    expect(reused.status).toBe(401);
    await person.agent
      .post('/api/auth/sign-in/two-factor')
      .send({ code: codeFor(setup.body.secret, -3) })
      .expect(401);
    const next = codeFor(setup.body.secret, 1);
    const signedIn = await person.agent.post('/api/auth/sign-in/two-factor').send({ code: next }).expect(200);
    expect(signedIn.body.user.email).toBe(person.email);
    await person.agent.get('/api/auth/user').expect(200);

    // The same code again, even after a new password step, is refused.
    await person.agent.post('/api/auth/sign-out').expect(204);
    await passwordStep(person).expect(200);
    const again = await person.agent.post('/api/auth/sign-in/two-factor').send({ code: next }).expect(401);
    expect(again.body.message).toBe('Invalid or already used code');
  });

  it('takes each recovery code once, and needs the password step first', async () => {
    const person = await newPerson(api, 'recovery');
    const { recoveryCodes } = await turnOnTwoFactor(person);
    await person.agent.post('/api/auth/sign-out').expect(204);
    const [first] = recoveryCodes;

    // Without the pending cookie of a password check, no code opens a session.
    const stranger = await newPerson(api, 'stranger');
    const refused = await stranger.agent
      .post('/api/auth/sign-in/two-factor')
      .send({ recovery_code: first })
      .expect(401);
    expect(refused.body.message).toBe('Sign in with your password first');

    await passwordStep(person).expect(200);
    await person.agent
      .post('/api/auth/sign-in/two-factor')
      .send({ recovery_code: String(first).toUpperCase() })
      .expect(200);
    await person.agent.post('/api/auth/sign-out').expect(204);
    await passwordStep(person).expect(200);
    await person.agent.post('/api/auth/sign-in/two-factor').send({ recovery_code: first }).expect(401);
    await person.agent.post('/api/auth/sign-in/two-factor').send({}).expect(400);
  });

  it('locks the code step for 15 minutes after 5 wrong codes, even for a right one', async () => {
    const person = await newPerson(api, 'lock');
    const { secret } = await turnOnTwoFactor(person);
    await person.agent.post('/api/auth/sign-out').expect(204);
    await passwordStep(person).expect(200);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await person.agent.post('/api/auth/sign-in/two-factor').send({ code: '000000' }).expect(401);
    }
    const locked = await person.agent
      .post('/api/auth/sign-in/two-factor')
      .send({ code: codeFor(secret, 1) })
      .expect(429);
    expect(locked.body.message).toMatch(/Too many wrong codes\. Try again in 1[45] minutes\./);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('is not bypassed by a password reset', async () => {
    const person = await newPerson(api, 'reset');
    await turnOnTwoFactor(person);
    await person.agent.post('/api/auth/sign-out').expect(204);
    const token = randomBytes(32).toString('base64url');
    await queryTestDatabase(
      `INSERT INTO password_reset_tokens (user_id, token_hash, request_key, expires_at)
       VALUES ($1, $2, $3, now() + interval '1 hour')`,
      [person.id, hashToken(token), `identity-test-${token}`],
    );
    const reset = await person.agent
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'a brand new password' })
      .expect(200);
    expect(String(reset.headers['set-cookie'] ?? '')).not.toMatch(/tessera_at=/);
    const challenge = await passwordStep(person, 'a brand new password').expect(200);
    expect(challenge.body).toEqual({ two_factor_required: true });
  });

  it('is turned off only with the password and a code, and both changes are audited', async () => {
    const person = await newPerson(api, 'disable');
    const institution = await newInstitution([[person, 'owner']]);
    const { secret } = await turnOnTwoFactor(person);
    const wrongPassword = await person.agent
      .post('/api/auth/two-factor/disable')
      .send({ password: 'not my password', code: codeFor(secret, 1) })
      .expect(400);
    expect(wrongPassword.body.errors).toEqual({ password: ['Current password is incorrect'] });
    await person.agent
      .post('/api/auth/two-factor/disable')
      .send({ password: person.password, code: '000000' })
      .expect(400);
    expect((await person.agent.get('/api/auth/two-factor').expect(200)).body.enabled).toBe(true);
    await person.agent
      .post('/api/auth/two-factor/disable')
      .send({ password: person.password, code: codeFor(secret, 1) })
      .expect(204);
    expect((await person.agent.get('/api/auth/two-factor').expect(200)).body.enabled).toBe(false);
    await person.agent.post('/api/auth/sign-out').expect(204);
    const plain = await passwordStep(person).expect(200);
    expect(plain.body.user.email).toBe(person.email);

    const audit = await person.agent
      .get('/api/administration/audit')
      .set(institutionHeader(institution))
      .expect(200);
    expect(audit.body.map((entry: { action: string }) => entry.action)).toEqual([
      'two_factor.disabled',
      'two_factor.enabled',
    ]);
  });

  it('is required per institution: members without it are refused its modules until they turn it on', async () => {
    const owner = await newPerson(api, 'require-owner');
    const member = await newPerson(api, 'require-member');
    const institution = await newInstitution([
      [owner, 'owner'],
      [member, 'member'],
    ]);
    const headers = institutionHeader(institution);
    await passwordStep(member).expect(200);
    await member.agent.get('/api/crm/deals').set(headers).expect(200);

    // An owner without two-factor cannot require it (they would be the first one locked out).
    await passwordStep(owner).expect(200);
    const early = await owner.agent
      .put('/api/administration/two-factor-requirement')
      .set(headers)
      .send({ required: true })
      .expect(409);
    expect(early.body.message).toBe('Turn on two-factor sign-in for yourself before requiring it');
    await owner.agent
      .put('/api/administration/two-factor-requirement')
      .set(headers)
      .send({ required: 'yes' })
      .expect(400);
    await turnOnTwoFactor(owner);
    await member.agent
      .put('/api/administration/two-factor-requirement')
      .set(headers)
      .send({ required: true })
      .expect(403);
    await owner.agent
      .put('/api/administration/two-factor-requirement')
      .set(headers)
      .send({ required: true })
      .expect(204);

    const refused = await member.agent.get('/api/crm/deals').set(headers).expect(403);
    expect(refused.body.message).toBe(
      'Identity Test requires two-factor sign-in. Turn it on in your profile to continue.',
    );
    const access = await member.agent.get('/functions/v1/me-access').set(headers).expect(200);
    expect(access.body.two_factor_setup_required).toBe(true);
    // The profile's own routes stay open, so the member can turn it on.
    const setup = await member.agent.post('/api/auth/two-factor/setup').expect(200);
    await member.agent
      .post('/api/auth/two-factor/confirm')
      .send({ code: codeFor(setup.body.secret) })
      .expect(200);
    await member.agent.get('/api/crm/deals').set(headers).expect(200);
    expect(
      (await member.agent.get('/functions/v1/me-access').set(headers).expect(200)).body
        .two_factor_setup_required,
    ).toBe(false);
    // While required, it cannot be turned off.
    const kept = await member.agent
      .post('/api/auth/two-factor/disable')
      .send({ password: member.password, code: codeFor(setup.body.secret, 1) })
      .expect(403);
    expect(kept.body.message).toBe('Identity Test requires two-factor sign-in: it cannot be turned off');

    const audit = await owner.agent.get('/api/administration/audit').set(headers).expect(200);
    expect(audit.body[0]).toMatchObject({ action: 'two_factor.enabled', actor_email: member.email });
    expect(audit.body.map((entry: { action: string }) => entry.action)).toContain(
      'two_factor.requirement_changed',
    );
  });
});
