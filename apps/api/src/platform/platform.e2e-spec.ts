import { createTestApp, signIn, type TestApp } from '../test/test-app';
import { fakeRelease, publishRelease } from '../test/test-release';

describe('super admin console', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await createTestApp();
  });
  afterAll(async () => {
    await api.close();
  });

  it('is for super admins only: owners, members and admins of institutions get 403', async () => {
    const admin = await signIn(api, 'admin@tessera.app', 'tessera-admin');
    const globexId = (await admin.agent.get('/api/platform/institutions').expect(200)).body.find(
      (row: { slug: string }) => row.slug === 'globex',
    ).id as string;
    for (const email of ['demo@acme.test', 'owner@globex.test', 'viewer@acme.test']) {
      const session = await signIn(api, email);
      await session.agent.get('/api/platform/institutions').expect(403);
      await session.agent
        .patch(`/api/platform/institutions/${globexId}`)
        .send({ status: 'suspended' })
        .expect(403);
      await session.agent
        .put(`/api/platform/institutions/${globexId}/modules/crm`)
        .send({ enabled: false })
        .expect(403);
      await session.agent.get('/api/platform/remotes').expect(403);
      await session.agent
        .put(`/api/platform/institutions/${globexId}/remotes/crm`)
        .send({ version: '1.0.0' })
        .expect(403);
      await session.agent.delete(`/api/platform/institutions/${globexId}/remotes/crm`).expect(403);
    }
  });

  it('lists every institution with plan, status and members; suspends and reactivates', async () => {
    const admin = await signIn(api, 'admin@tessera.app', 'tessera-admin');
    const list = await admin.agent.get('/api/platform/institutions').expect(200);
    // The demo institutions, in name order, among any that other suites made.
    const demoSlugs = new Set(['acme', 'globex', 'northwind']);
    expect(
      list.body.map((row: { slug: string }) => row.slug).filter((slug: string) => demoSlugs.has(slug)),
    ).toEqual(['acme', 'globex', 'northwind']);
    const globex = list.body.find((row: { slug: string }) => row.slug === 'globex');
    expect(globex).toMatchObject({ plan_id: 'growth', plan_name: 'Growth', status: 'active' });
    expect(globex.member_count).toBeGreaterThanOrEqual(2);

    const suspended = await admin.agent
      .patch(`/api/platform/institutions/${globex.id}`)
      .send({ status: 'suspended' })
      .expect(200);
    expect(suspended.body.status).toBe('suspended');
    const owner = await signIn(api, 'owner@globex.test');
    const access = await owner.agent.get('/functions/v1/me-access').set(owner.headers('globex')).expect(403);
    expect(access.body.message).toBe('This institution is suspended. Contact your administrator.');
    await owner.agent.get('/api/administration').set(owner.headers('globex')).expect(403);
    await owner.agent.get('/api/remotes').set(owner.headers('globex')).expect(403);
    await admin.agent.patch(`/api/platform/institutions/${globex.id}`).send({ status: 'closed' }).expect(400);

    await admin.agent.patch(`/api/platform/institutions/${globex.id}`).send({ status: 'active' }).expect(200);
    await owner.agent.get('/functions/v1/me-access').set(owner.headers('globex')).expect(200);

    // Module enablement from the console, within the plan.
    await admin.agent
      .put(`/api/platform/institutions/${globex.id}/modules/hotel`)
      .send({ enabled: true })
      .expect(403);
    const disabled = await admin.agent
      .put(`/api/platform/institutions/${globex.id}/modules/trainerpro`)
      .send({ enabled: false })
      .expect(200);
    expect(disabled.body.modules_included).not.toContain('trainerpro');
    await admin.agent
      .put(`/api/platform/institutions/${globex.id}/modules/trainerpro`)
      .send({ enabled: true })
      .expect(200);
    const audit = await owner.agent.get('/api/administration/audit').set(owner.headers('globex')).expect(200);
    expect(
      audit.body.map((row: { action: string; actor_email: string }) => [row.action, row.actor_email]),
    ).toEqual(
      expect.arrayContaining([
        ['institution.status_changed', 'admin@tessera.app'],
        ['module.disabled', 'admin@tessera.app'],
      ]),
    );
  });

  it('pins a published remote version for one institution (canary) while others load the latest; unpinning rolls back', async () => {
    const admin = await signIn(api, 'admin@tessera.app', 'tessera-admin');
    const owner = await signIn(api, 'owner@globex.test');
    const dana = await signIn(api, 'demo@acme.test');
    const crmOf = async (session: typeof owner, slug: string) => {
      const registry = await session.agent.get('/api/remotes').set(session.headers(slug)).expect(200);
      return registry.body.remotes.find((remote: { key: string }) => remote.key === 'crm');
    };

    // Nothing published: the workspace build.
    expect((await crmOf(owner, 'globex')).manifestUrl).toMatch(/^\/remotes\/crm\/mf-manifest\.json\?v=/);

    const token = (
      await admin.agent.post('/api/platform/remotes/crm/deploy-tokens').send({ name: 'crm CI' }).expect(201)
    ).body.token as string;
    for (const [version, build] of [
      ['1.0.0', '1'],
      ['1.1.0', '2'],
    ])
      await publishRelease(
        api.url,
        'crm',
        token,
        fakeRelease({ container: 'crm_remote', exposes: ['crm', 'sales'], build }),
        version,
      ).expect(201);
    const overview = await admin.agent.get('/api/platform/remotes').expect(200);
    const crm = overview.body.find((row: { remote: string }) => row.remote === 'crm');
    expect(crm.latest).toBe('1.1.0');
    expect(crm.versions.map((row: { version: string }) => row.version)).toEqual(['1.1.0', '1.0.0']);
    expect(crm.usage.every((row: { effective: string }) => row.effective === '1.1.0')).toBe(true);

    const globexId = owner.institutions.globex as string;
    await admin.agent
      .put(`/api/platform/institutions/${globexId}/remotes/crm`)
      .send({ version: '0.9.0' })
      .expect(404);
    await admin.agent
      .put(`/api/platform/institutions/${globexId}/remotes/web`)
      .send({ version: '1.0.0' })
      .expect(404);
    await admin.agent
      .put(`/api/platform/institutions/${globexId}/remotes/crm`)
      .send({ version: '../x' })
      .expect(400);
    await admin.agent
      .put(`/api/platform/institutions/${globexId}/remotes/crm`)
      .send({ version: '1.0.0' })
      .expect(204);

    expect(await crmOf(owner, 'globex')).toMatchObject({
      version: '1.0.0',
      manifestUrl: '/remotes/crm/v/1.0.0/mf-manifest.json',
    });
    expect(await crmOf(dana, 'acme')).toMatchObject({
      version: '1.1.0',
      manifestUrl: '/remotes/crm/v/1.1.0/mf-manifest.json',
    });
    const usage = (await admin.agent.get('/api/platform/remotes').expect(200)).body
      .find((row: { remote: string }) => row.remote === 'crm')
      .usage.find((row: { institution_id: string }) => row.institution_id === globexId);
    expect(usage).toMatchObject({ pinned: '1.0.0', effective: '1.0.0' });

    await admin.agent.delete(`/api/platform/institutions/${globexId}/remotes/crm`).expect(204);
    expect((await crmOf(owner, 'globex')).version).toBe('1.1.0');
    await admin.agent.delete(`/api/platform/institutions/${globexId}/remotes/crm`).expect(404);

    // Each publish, pin and rollback is in the audit log with who did it (a token's name counts).
    const audit = await admin.agent.get('/api/platform/remotes/crm/audit').expect(200);
    expect(
      audit.body.map((row: { action: string; actor_email: string; target: string }) => [
        row.action,
        row.actor_email,
        row.target,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['remote.published', 'deploy token crm CI', 'crm@1.0.0'],
        ['remote.published', 'deploy token crm CI', 'crm@1.1.0'],
        ['remote.pinned', 'admin@tessera.app', 'crm@1.0.0'],
        ['remote.unpinned', 'admin@tessera.app', 'crm@1.0.0'],
      ]),
    );
  });
});
