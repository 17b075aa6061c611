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

const CLIENT_SECRET = 'sso-only-client-secret';
const REFUSAL =
  'Identity Test admits only people signed in with Acme Login. Continue with Acme Login to enter it.';

/*
 * "SSO only" holds for the whole institution (docs/security.md): a session not opened through its
 * single sign-on cannot enter it, whatever the person's address; its owners keep a password way in.
 */
describe('an institution whose only way in is single sign-on', () => {
  const { api } = useTestApi([]);
  let provider: TesseraOidcProvider;
  let owner: TestPerson;
  let member: TestPerson;
  let colleague: TestPerson;
  let ssoOnly: string;
  let other: string;
  const domain = `sso-only-${process.pid}-${Date.now()}.test`;

  async function signIn(person: TestPerson): Promise<void> {
    await person.agent
      .post('/api/auth/sign-in')
      .send({ email: person.email, password: person.password })
      .expect(200);
  }

  function leads(
    agent: TestPerson['agent'] | ReturnType<typeof request>,
    institution: string,
    cookies?: string,
  ) {
    const call = (agent as ReturnType<typeof request.agent>)
      .get('/api/crm/leads')
      .set(institutionHeader(institution));
    return cookies ? call.set('Cookie', cookies) : call;
  }

  /** The owner saves the institution's single sign-on; the secret, once saved, may be left out. */
  async function setUpSso(changes: { client_secret?: string; sso_only: boolean }): Promise<void> {
    await owner.agent
      .put('/api/administration/sso')
      .set(institutionHeader(ssoOnly))
      .send({ ...provider.settingsFor(domain), ...changes })
      .expect(200);
  }

  /** What me-access tells the caller about single sign-on in an institution. */
  async function ssoSignInRequired(agent: TestPerson['agent'], institution: string): Promise<unknown> {
    const access = await agent.get('/functions/v1/me-access').set(institutionHeader(institution)).expect(200);
    return access.body.sso_sign_in_required;
  }

  beforeAll(async () => {
    provider = await startProviderForTessera(api.url, CLIENT_SECRET);
    owner = await newPerson(api, 'sso-only-owner');
    member = await newPerson(api, 'sso-only-member');
    colleague = await newPerson(api, 'sso-only-colleague');
    // The colleague's address is in the claimed domain, so the provider can vouch for them.
    colleague.email = `colleague-${Date.now()}@${domain}`;
    await queryTestDatabase('UPDATE users SET email = $2 WHERE id = $1', [colleague.id, colleague.email]);
    ssoOnly = await newInstitution([
      [owner, 'owner'],
      [member, 'member'],
      [colleague, 'member'],
    ]);
    other = await newInstitution([[member, 'member']]);
    await signIn(owner);
    // Signed in with a password before the owner turns "SSO only" on: the session must stop at the door.
    await signIn(colleague);
    await setUpSso({ client_secret: CLIENT_SECRET, sso_only: true });
    await signIn(member);
  });
  afterAll(() => provider?.stop());

  it('refuses a member’s password session, with the way in, and lets it into their other institution', async () => {
    const refused = await leads(member.agent, ssoOnly).expect(403);
    expect(refused.body.message).toBe(REFUSAL);
    await leads(member.agent, other).expect(200);

    expect(await ssoSignInRequired(member.agent, ssoOnly)).toEqual({
      name: 'Acme Login',
      start_url: `/api/auth/sso/start?email=${encodeURIComponent(member.email)}`,
    });
    expect(await ssoSignInRequired(member.agent, other)).toBeNull();
  });

  it('keeps a password session opened before the rule out too, however long it lives', async () => {
    const refused = await leads(colleague.agent, ssoOnly).expect(403);
    expect(refused.body.message).toBe(REFUSAL);
    // A refreshed session is still the password session it was.
    await colleague.agent.post('/api/auth/refresh').expect(200);
    await leads(colleague.agent, ssoOnly).expect(403);
  });

  it('lets the owners in with their password (break-glass) and says nothing to them', async () => {
    await leads(owner.agent, ssoOnly).expect(200);
    expect(await ssoSignInRequired(owner.agent, ssoOnly)).toBeNull();
  });

  it('admits a session opened through the institution’s single sign-on, also after a refresh', async () => {
    const signedIn = await signInThroughProvider(api.url, colleague.email);
    expect(signedIn.location).toBe('/dashboard');
    await leads(request(api.url), ssoOnly, signedIn.apiCookies).expect(200);
    const access = await request(api.url)
      .get('/functions/v1/me-access')
      .set('Cookie', signedIn.apiCookies)
      .set(institutionHeader(ssoOnly))
      .expect(200);
    expect(access.body.sso_sign_in_required).toBeNull();
    const [session] = await queryTestDatabase<{ sso_institution_id: string | null }>(
      `SELECT sso_institution_id FROM auth_sessions WHERE user_id = $1 AND sso_institution_id IS NOT NULL`,
      [colleague.id],
    );
    expect(session?.sso_institution_id).toBe(ssoOnly);
    const audit = await owner.agent
      .get('/api/administration/audit')
      .set(institutionHeader(ssoOnly))
      .expect(200);
    expect(audit.body.map((entry: { action: string }) => entry.action)).toContain('sso.signed_in');
  });

  it('lets password sessions back in once the owner turns the rule off', async () => {
    await setUpSso({ sso_only: false });
    // The change reaches every process's cached decisions through NOTIFY: allow it a moment.
    for (let attempt = 0; ; attempt += 1) {
      const answer = await leads(member.agent, ssoOnly);
      if (answer.status === 200) break;
      if (attempt > 50) throw new Error(`still refused: ${answer.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});
