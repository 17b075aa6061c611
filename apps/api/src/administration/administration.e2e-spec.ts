import request from 'supertest';
import { invitationAndResetMailsSettled, latestOutboxMessage, linkOf } from '../test/mail-links';
import { createTestApp, institutionIds, queryTestDatabase, signIn, type TestApp } from '../test/test-app';

async function userId(email: string): Promise<string> {
  const [row] = await queryTestDatabase<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

describe('institution administration', () => {
  let api: TestApp;
  let ids: Record<string, string>;
  beforeAll(async () => {
    api = await createTestApp();
    ids = await institutionIds();
  });
  afterAll(async () => {
    await invitationAndResetMailsSettled();
    await api.close();
  });

  it('refuses members, viewers and non-members with 403 on every administration route', async () => {
    const jordanId = await userId('jordan.kim@acme.test');
    const routes: Array<[method: 'get' | 'put' | 'patch' | 'post' | 'delete', path: string, body?: object]> =
      [
        ['get', '/api/administration'],
        ['put', '/api/administration/modules/marketing', { enabled: false }],
        ['get', '/api/administration/members'],
        ['patch', `/api/administration/members/${jordanId}`, { role: 'viewer' }],
        ['put', `/api/administration/members/${jordanId}/modules/crm`, { level: 'read' }],
        ['delete', `/api/administration/members/${jordanId}`],
        ['get', '/api/administration/invitations'],
        ['post', '/api/administration/invitations', { email: 'x@acme.test', role: 'member' }],
        ['get', '/api/administration/audit'],
      ];
    const member = await signIn(api, 'taylor.brooks@acme.test');
    const viewer = await signIn(api, 'viewer@acme.test');
    const outsider = await signIn(api, 'owner@globex.test');
    for (const [method, path, body] of routes) {
      for (const session of [member, viewer]) {
        const call = session.agent[method](path).set(session.headers('acme'));
        const response = await (body ? call.send(body) : call);
        expect([path, response.status]).toEqual([path, 403]);
      }
      const foreign = outsider.agent[method](path).set({ 'X-Institution-Id': ids.acme });
      expect((await (body ? foreign.send(body) : foreign)).status).toBe(403);
    }
    expect((await member.agent.get('/api/administration')).status).toBe(400);
    expect((await request(api.url).get('/api/administration')).status).toBe(401);
    // Nothing changed.
    const [jordan] = await queryTestDatabase<{ role: string }>(
      'SELECT role FROM institution_members WHERE institution_id = $1 AND user_id = $2',
      [ids.acme, jordanId],
    );
    expect(jordan?.role).toBe('member');
  });

  it('shows the plan and which modules it allows', async () => {
    const owner = await signIn(api, 'owner@globex.test');
    const response = await owner.agent.get('/api/administration').set(owner.headers('globex')).expect(200);
    expect(response.body.plan.id).toBe('growth');
    const healthcare = response.body.modules.find(
      (row: { module_id: string }) => row.module_id === 'healthcare',
    );
    expect(healthcare).toMatchObject({ allowed: false, enabled: false });
    const marketing = response.body.modules.find(
      (row: { module_id: string }) => row.module_id === 'marketing',
    );
    expect(marketing).toMatchObject({ allowed: true, enabled: true });
    expect(response.body.caller_role).toBe('owner');
  });

  it('enables and disables modules within the plan, and audits each change', async () => {
    const owner = await signIn(api, 'owner@globex.test');
    const sam = await signIn(api, 'sam.ortiz@globex.test');
    await owner.agent
      .put('/api/administration/modules/marketing')
      .set(owner.headers('globex'))
      .send({ enabled: false })
      .expect(200);
    const access = await sam.agent.get('/functions/v1/me-access').set(sam.headers('globex')).expect(200);
    expect(access.body.organization.modules_included).not.toContain('marketing');
    expect(access.body.access_control.marketing).toBeUndefined();

    const refused = await owner.agent
      .put('/api/administration/modules/healthcare')
      .set(owner.headers('globex'))
      .send({ enabled: true })
      .expect(403);
    expect(refused.body.message).toBe(
      'The Growth plan does not include Healthcare. Upgrade the plan to enable it.',
    );
    await owner.agent
      .put('/api/administration/modules/unknown')
      .set(owner.headers('globex'))
      .send({ enabled: true })
      .expect(404);
    await owner.agent
      .put('/api/administration/modules/marketing')
      .set(owner.headers('globex'))
      .send({ enabled: 'yes' })
      .expect(400);

    const enabled = await owner.agent
      .put('/api/administration/modules/marketing')
      .set(owner.headers('globex'))
      .send({ enabled: true })
      .expect(200);
    expect(enabled.body.modules_included).toContain('marketing');

    const audit = await owner.agent.get('/api/administration/audit').set(owner.headers('globex')).expect(200);
    expect(audit.body.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'module.enabled',
        target: 'marketing',
        actor_email: 'owner@globex.test',
      }),
      expect.objectContaining({
        action: 'module.disabled',
        target: 'marketing',
        actor_email: 'owner@globex.test',
      }),
    ]);
  });

  it('sets a member’s level per module: read shows the module, refuses writes; null goes back to the role default', async () => {
    const owner = await signIn(api, 'demo@acme.test');
    const jordan = await signIn(api, 'jordan.kim@acme.test');
    const jordanId = jordan.userId;
    const members = await owner.agent
      .get('/api/administration/members')
      .set(owner.headers('acme'))
      .expect(200);
    const before = members.body.find((row: { user_id: string }) => row.user_id === jordanId);
    expect(before).toMatchObject({ email: 'jordan.kim@acme.test', role: 'member' });
    expect(before.levels.crm).toBe('write');

    await owner.agent
      .put(`/api/administration/members/${jordanId}/modules/crm`)
      .set(owner.headers('acme'))
      .send({ level: 'read' })
      .expect(204);
    const access = await jordan.agent.get('/functions/v1/me-access').set(jordan.headers('acme')).expect(200);
    expect(access.body.access_control.crm).toBe('read');
    await jordan.agent.get('/api/crm/contacts').set(jordan.headers('acme')).expect(200);
    const write = await jordan.agent
      .post('/api/crm/contacts')
      .set(jordan.headers('acme'))
      .send({})
      .expect(403);
    expect(write.body.message).toBe('You need write access to CRM');

    await owner.agent
      .put(`/api/administration/members/${jordanId}/modules/crm`)
      .set(owner.headers('acme'))
      .send({ level: 'none' })
      .expect(204);
    const hidden = await jordan.agent.get('/functions/v1/me-access').set(jordan.headers('acme')).expect(200);
    expect(hidden.body.access_control.crm).toBeUndefined();

    await owner.agent
      .put(`/api/administration/members/${jordanId}/modules/crm`)
      .set(owner.headers('acme'))
      .send({ level: 'superuser' })
      .expect(400);
    await owner.agent
      .put(`/api/administration/members/${jordanId}/modules/crm`)
      .set(owner.headers('acme'))
      .send({ level: null })
      .expect(204);
    const back = await jordan.agent.get('/functions/v1/me-access').set(jordan.headers('acme')).expect(200);
    expect(back.body.access_control.crm).toBe('write');
    // The write is accepted again (it fails validation, not access).
    await jordan.agent.post('/api/crm/contacts').set(jordan.headers('acme')).send({}).expect(400);
  });

  it('changes roles; only owners hand out or take away the owner role; never the last owner', async () => {
    const owner = await signIn(api, 'demo@acme.test');
    const taylorId = await userId('taylor.brooks@acme.test');
    const ownerId = owner.userId;
    await owner.agent
      .patch(`/api/administration/members/${taylorId}`)
      .set(owner.headers('acme'))
      .send({ role: 'admin' })
      .expect(204);
    const taylor = await signIn(api, 'taylor.brooks@acme.test');
    // Taylor is an admin now: administers, but cannot touch the owner or make owners.
    await taylor.agent.get('/api/administration/members').set(taylor.headers('acme')).expect(200);
    const promote = await taylor.agent
      .patch(`/api/administration/members/${taylorId}`)
      .set(taylor.headers('acme'))
      .send({ role: 'owner' })
      .expect(403);
    expect(promote.body.message).toBe('Only owners can change who is an owner');
    await taylor.agent
      .delete(`/api/administration/members/${ownerId}`)
      .set(taylor.headers('acme'))
      .expect(403);

    const demote = await owner.agent
      .patch(`/api/administration/members/${ownerId}`)
      .set(owner.headers('acme'))
      .send({ role: 'member' })
      .expect(409);
    expect(demote.body.message).toMatch(/at least one owner/);
    await owner.agent.delete(`/api/administration/members/${ownerId}`).set(owner.headers('acme')).expect(409);
    await owner.agent
      .patch(`/api/administration/members/${taylorId}`)
      .set(owner.headers('acme'))
      .send({ role: 'ruler' })
      .expect(400);

    await owner.agent
      .patch(`/api/administration/members/${taylorId}`)
      .set(owner.headers('acme'))
      .send({ role: 'member' })
      .expect(204);
    const audit = await owner.agent.get('/api/administration/audit').set(owner.headers('acme')).expect(200);
    expect(audit.body[0]).toMatchObject({
      action: 'member.role_changed',
      target: 'taylor.brooks@acme.test',
      details: { from: 'admin', to: 'member' },
    });
  });

  it('invites by e-mailed link: the link creates the account with the membership; an account accepts it signed in', async () => {
    const owner = await signIn(api, 'demo@acme.test');
    const invitation = await owner.agent
      .post('/api/administration/invitations')
      .set(owner.headers('acme'))
      .send({ email: 'Casey.Lee@acme.test', role: 'viewer' })
      .expect(201);
    expect(invitation.body).toMatchObject({
      email: 'casey.lee@acme.test',
      role: 'viewer',
      invited_by: 'demo@acme.test',
      status: 'pending',
    });
    await owner.agent
      .post('/api/administration/invitations')
      .set(owner.headers('acme'))
      .send({ email: 'casey.lee@acme.test', role: 'member' })
      .expect(409);
    await owner.agent
      .post('/api/administration/invitations')
      .set(owner.headers('acme'))
      .send({ email: 'jordan.kim@acme.test', role: 'member' })
      .expect(409);
    await owner.agent
      .post('/api/administration/invitations')
      .set(owner.headers('acme'))
      .send({ email: 'not-an-email', role: 'member' })
      .expect(400);

    // Without a mail server the message waits in the outbox, where the owner can read its link.
    const message = await latestOutboxMessage('casey.lee@acme.test', 'invitation');
    const { token } = linkOf(message.text_body);
    const newcomer = { token, password: 'casey-password', first_name: 'Casey', last_name: 'Lee' };
    const agent = request.agent(api.url);
    await agent
      .post('/api/invitations/sign-up')
      .send({ ...newcomer, password: 'short' })
      .expect(400);
    await agent.post('/api/invitations/sign-up').send(newcomer).expect(201);
    const institutions = await agent.get('/api/institutions').expect(200);
    expect(institutions.body).toEqual([expect.objectContaining({ slug: 'acme', userRole: 'viewer' })]);
    await request(api.url).post('/api/invitations/sign-up').send(newcomer).expect(400);
    const pending = await owner.agent
      .get('/api/administration/invitations')
      .set(owner.headers('acme'))
      .expect(200);
    expect(pending.body.map((row: { email: string }) => row.email)).not.toContain('casey.lee@acme.test');

    // An existing account does not get the membership by signing in: it accepts through the link.
    await owner.agent
      .post('/api/administration/invitations')
      .set(owner.headers('acme'))
      .send({ email: 'sam.ortiz@globex.test', role: 'member' })
      .expect(201);
    const sam = await signIn(api, 'sam.ortiz@globex.test');
    expect(Object.keys(sam.institutions)).toEqual(['globex']);
    const samLink = linkOf((await latestOutboxMessage('sam.ortiz@globex.test', 'invitation')).text_body);
    await sam.agent.post('/api/invitations/accept').send({ token: samLink.token }).expect(200);
    const samInstitutions = await sam.agent.get('/api/institutions').expect(200);
    expect(samInstitutions.body.map((row: { slug: string }) => row.slug).sort()).toEqual(['acme', 'globex']);

    // Removing a member: the membership and their explicit levels go.
    const samId = sam.userId;
    sam.institutions.acme = ids.acme;
    await owner.agent
      .put(`/api/administration/members/${samId}/modules/crm`)
      .set(owner.headers('acme'))
      .send({ level: 'read' })
      .expect(204);
    await owner.agent.delete(`/api/administration/members/${samId}`).set(owner.headers('acme')).expect(204);
    await sam.agent.get('/functions/v1/me-access').set(sam.headers('acme')).expect(403);
    const levels = await queryTestDatabase(
      'SELECT * FROM member_module_access WHERE user_id = $1 AND institution_id = $2',
      [samId, ids.acme],
    );
    expect(levels).toEqual([]);
    await owner.agent.delete(`/api/administration/members/${samId}`).set(owner.headers('acme')).expect(404);

    const audit = await owner.agent
      .get('/api/administration/audit?limit=10')
      .set(owner.headers('acme'))
      .expect(200);
    const actions = audit.body.map((row: { action: string }) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['member.invited', 'invitation.accepted', 'member.removed']),
    );
    // Leave Acme as the other suites expect it.
    const casey = await userId('casey.lee@acme.test');
    await owner.agent.delete(`/api/administration/members/${casey}`).set(owner.headers('acme')).expect(204);
  });
});
