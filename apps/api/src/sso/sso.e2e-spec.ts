import { randomBytes } from 'node:crypto';
import { SSO_CALLBACK_PATH } from '@tessera/data-access/contracts';
import request from 'supertest';
import {
  institutionHeader,
  newInstitution,
  newPerson,
  type TestPerson,
} from '../identity/identity-test-people';
import { queryTestDatabase } from '../test/test-app';
import { useTestApi } from '../test/test-fixture';
import { signInThroughProvider, startProviderForTessera, type TesseraOidcProvider } from '../test/test-oidc';

const CLIENT_SECRET = 'a-client-secret-the-api-must-never-answer';

/*
 * Single sign-on against a real OpenID provider (oidc-provider, its own process on loopback): the code
 * flow with PKCE, state and nonce end to end, and the refusals of ID tokens a provider must not send.
 */
describe('single sign-on with OpenID Connect', () => {
  const { api } = useTestApi([]);
  let provider: TesseraOidcProvider;
  let owner: TestPerson;
  let institution: string;
  const domain = `sso-${process.pid}-${Date.now()}.test`;

  function settings(changes: Record<string, unknown> = {}) {
    return { ...provider.settingsFor(domain), ...changes };
  }

  function configure(changes: Record<string, unknown> = {}) {
    return owner.agent
      .put('/api/administration/sso')
      .set(institutionHeader(institution))
      .send(settings(changes));
  }

  async function roleOf(email: string): Promise<string | undefined> {
    const [member] = await queryTestDatabase<{ role: string }>(
      `SELECT m.role FROM institution_members m JOIN users u ON u.id = m.user_id
       WHERE m.institution_id = $1 AND u.email = $2`,
      [institution, email],
    );
    return member?.role;
  }

  async function userOf(cookies: string): Promise<string | undefined> {
    const me = await request(api.url).get('/api/auth/user').set('Cookie', cookies);
    return me.status === 200 ? me.body.email : undefined;
  }

  beforeAll(async () => {
    provider = await startProviderForTessera(api.url, CLIENT_SECRET);
    owner = await newPerson(api, 'sso-owner');
    institution = await newInstitution([[owner, 'owner']]);
    await owner.agent
      .post('/api/auth/sign-in')
      .send({ email: owner.email, password: owner.password })
      .expect(200);
    const saved = await configure({ client_secret: CLIENT_SECRET }).expect(200);
    expect(saved.body).toEqual({
      sso: { ...settings(), has_client_secret: true },
      redirect_uri: `${api.url}${SSO_CALLBACK_PATH}`,
    });
  });
  afterAll(() => provider?.stop());

  it('keeps the client secret sealed and never answers it', async () => {
    const read = await owner.agent
      .get('/api/administration/sso')
      .set(institutionHeader(institution))
      .expect(200);
    expect(JSON.stringify(read.body)).not.toContain(CLIENT_SECRET);
    const [row] = await queryTestDatabase<{ client_secret_encrypted: string }>(
      'SELECT client_secret_encrypted FROM institution_sso WHERE institution_id = $1',
      [institution],
    );
    expect(row?.client_secret_encrypted).toMatch(/^v1\./);
    expect(row?.client_secret_encrypted).not.toContain(CLIENT_SECRET);
    const audit = await owner.agent
      .get('/api/administration/audit')
      .set(institutionHeader(institution))
      .expect(200);
    expect(JSON.stringify(audit.body)).not.toContain(CLIENT_SECRET);
    expect(audit.body[0]).toMatchObject({ action: 'sso.configured', target: 'Acme Login' });
  });

  it('refuses to claim the platform’s domain, another institution’s, or a provider that does not answer', async () => {
    const platform = await configure({ domains: ['tessera.app'] }).expect(400);
    expect(platform.body.errors).toEqual({
      domains: ["tessera.app is the platform's own domain and cannot be claimed"],
    });
    await configure({ domains: ['not a domain'] }).expect(400);
    await configure({ issuer_url: 'http://127.0.0.1:9/nowhere' }).expect(400);
    const other = await newPerson(api, 'sso-other-owner');
    const otherInstitution = await newInstitution([[other, 'owner']]);
    await other.agent
      .post('/api/auth/sign-in')
      .send({ email: other.email, password: other.password })
      .expect(200);
    await other.agent
      .put('/api/administration/sso')
      .set(institutionHeader(otherInstitution))
      .send({ ...settings(), client_secret: 'x' })
      .expect(409);
    // Admins and members may not set it up.
    const admin = await newPerson(api, 'sso-admin');
    await queryTestDatabase(
      'INSERT INTO institution_members (institution_id, user_id, role) VALUES ($1, $2, $3)',
      [institution, admin.id, 'admin'],
    );
    await admin.agent
      .post('/api/auth/sign-in')
      .send({ email: admin.email, password: admin.password })
      .expect(200);
    await admin.agent.get('/api/administration/sso').set(institutionHeader(institution)).expect(403);
  });

  it('offers the provider for a claimed domain only', async () => {
    const offered = await request(api.url).get(`/api/auth/sso?email=casey@${domain}`).expect(200);
    expect(offered.body).toEqual({
      sso: { name: 'Acme Login', start_url: `/api/auth/sso/start?email=casey%40${domain}`, sso_only: false },
    });
    const none = await request(api.url).get('/api/auth/sso?email=casey@unclaimed.test').expect(200);
    expect(none.body).toEqual({ sso: null });
    await request(api.url).get('/api/auth/sso?email=nope').expect(400);
    const start = await signInThroughProvider(api.url, 'casey@unclaimed.test');
    expect(decodeURIComponent(start.location)).toBe(
      '/signin?sso_error=No institution signs in this address with single sign-on.',
    );
  });

  it('signs in a person the institution invited, linking their account on the first sign-in', async () => {
    const email = `invited-${Date.now()}@${domain}`;
    await queryTestDatabase(
      `INSERT INTO institution_invitations (institution_id, email, role, token_hash, expires_at)
       VALUES ($1, $2, 'admin', $3, now() + interval '7 days')`,
      [institution, email, randomBytes(16).toString('hex')],
    );
    const first = await signInThroughProvider(api.url, email);
    expect(first.location).toBe('/dashboard');
    expect(await userOf(first.apiCookies)).toBe(email);
    expect(await roleOf(email)).toBe('admin');
    const [link] = await queryTestDatabase<{ subject: string }>(
      'SELECT subject FROM sso_identities WHERE institution_id = $1',
      [institution],
    );
    expect(link?.subject).toBeDefined();
    // The second time the link alone signs them in.
    const again = await signInThroughProvider(api.url, email);
    expect(await userOf(again.apiCookies)).toBe(email);
    const audit = await owner.agent
      .get('/api/administration/audit')
      .set(institutionHeader(institution))
      .expect(200);
    expect(audit.body.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['sso.signed_in', 'invitation.accepted']),
    );
  });

  it('refuses someone not invited unless just-in-time membership is on, then adds them with the default role', async () => {
    const email = `walk-in-${Date.now()}@${domain}`;
    const refused = await signInThroughProvider(api.url, email);
    expect(decodeURIComponent(refused.location)).toMatch(
      /^\/signin\?sso_error=You are not a member of Identity Test\./,
    );
    expect(await userOf(refused.apiCookies)).toBeUndefined();

    // Left out, the secret is kept.
    await configure({ jit_enabled: true, jit_role: 'viewer' }).expect(200);
    const joined = await signInThroughProvider(api.url, email);
    expect(joined.location).toBe('/dashboard');
    expect(await userOf(joined.apiCookies)).toBe(email);
    expect(await roleOf(email)).toBe('viewer');
    await configure({ jit_enabled: false }).expect(200);
  });

  it.each([
    ['a wrong nonce', { nonce: 'not-the-nonce-we-sent' }],
    ['a wrong audience', { aud: 'another-client' }],
    ['an expired token', { expired: true }],
  ])('refuses an ID token with %s', async (_label, tamper) => {
    const email = `tampered-${Date.now()}@${domain}`;
    await configure({ jit_enabled: true }).expect(200);
    await provider.tamperNextIdToken(tamper);
    const refused = await signInThroughProvider(api.url, email);
    expect(decodeURIComponent(refused.location)).toBe(
      '/signin?sso_error=Acme Login did not confirm who you are. Try again.',
    );
    expect(await userOf(refused.apiCookies)).toBeUndefined();
    await configure({ jit_enabled: false }).expect(200);
  });

  it('refuses an identity whose address the institution has not claimed', async () => {
    const refused = await signInThroughProvider(api.url, `someone@${domain}`, 'someone@unclaimed.test');
    expect(decodeURIComponent(refused.location)).toBe(
      '/signin?sso_error=Identity Test does not sign in addresses at unclaimed.test.',
    );
  });

  it('refuses a callback without the state it started with', async () => {
    const answer = await request(api.url).get(`${SSO_CALLBACK_PATH}?code=x&state=y`).expect(302);
    expect(decodeURIComponent(answer.headers.location)).toMatch(/sso_error=The sign-in took too long/);
  });

  it('makes single sign-on the only way in for the claimed domain when the owner says so', async () => {
    const person = await newPerson(api, 'sso-only');
    const email = `password-person-${Date.now()}@${domain}`;
    await queryTestDatabase('UPDATE users SET email = $2 WHERE id = $1', [person.id, email]);
    await person.agent.post('/api/auth/sign-in').send({ email, password: person.password }).expect(200);
    await configure({ sso_only: true }).expect(200);
    const refused = await person.agent
      .post('/api/auth/sign-in')
      .send({ email, password: person.password })
      .expect(401);
    expect(refused.body.message).toBe(
      'This address signs in with Acme Login. Use “Continue with Acme Login”.',
    );
    await configure({ sso_only: false }).expect(200);
  });
});
