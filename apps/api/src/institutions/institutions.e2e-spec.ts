import { createTestApp, queryTestDatabase, signIn } from '../test/test-app';
import { useInstitutionIds, useTestApi } from '../test/test-fixture';

describe('institutions and access', () => {
  const { api } = useTestApi([]);
  const ids = useInstitutionIds();

  it('lists only the caller’s institutions with their role, in join order', async () => {
    const demo = await signIn(api, 'demo@acme.test');
    const response = await demo.agent.get('/api/institutions').expect(200);
    expect(response.body).toEqual([
      {
        id: ids.acme,
        name: 'Acme Corporation',
        slug: 'acme',
        plan_id: 'enterprise',
        status: 'active',
        userRole: 'owner',
      },
      {
        id: ids.northwind,
        name: 'Northwind Health',
        slug: 'northwind',
        plan_id: 'enterprise',
        status: 'active',
        userRole: 'member',
      },
    ]);
    const globex = await signIn(api, 'owner@globex.test');
    const theirs = await globex.agent.get('/api/institutions').expect(200);
    expect(theirs.body.map((row: { slug: string }) => row.slug)).toEqual(['globex']);
  });

  it('answers me-access in the shape of docs/product/access.md#the-access-control-response-me-access for a member', async () => {
    const demo = await signIn(api, 'demo@acme.test');
    const response = await demo.agent
      .get('/functions/v1/me-access')
      .set(demo.headers('northwind'))
      .expect(200);
    expect(response.body.user).toEqual({
      id: demo.userId,
      name: 'Dana Reyes',
      role: 'member',
      org_id: ids.northwind,
    });
    expect(response.body.organization).toEqual(
      expect.objectContaining({
        id: ids.northwind,
        slug: 'northwind',
        modules_included: expect.arrayContaining(['healthcare']),
      }),
    );
    expect(response.body.organization.modules_included).not.toContain('crm');
    expect(response.body.access_control.healthcare).toBe('write');
    expect(response.body.access_control.crm).toBeUndefined();
    expect(response.body.personalization).toEqual({ sidebar_pinned: [], recent_modules: [] });
    expect(response.body.is_super_admin).toBe(false);
  });

  it('refuses me-access for an institution the caller does not belong to with 403', async () => {
    const demo = await signIn(api, 'demo@acme.test');
    await demo.agent.get('/functions/v1/me-access').set({ 'X-Institution-Id': ids.globex }).expect(403);
    await demo.agent.get('/functions/v1/me-access').set({ 'X-Institution-Id': 'not-a-uuid' }).expect(400);
  });

  it('gives a viewer read on every enabled module', async () => {
    const viewer = await signIn(api, 'viewer@acme.test');
    const response = await viewer.agent
      .get('/functions/v1/me-access')
      .set(viewer.headers('acme'))
      .expect(200);
    expect(new Set(Object.values(response.body.access_control))).toEqual(new Set(['read']));
  });

  it('lets a super admin into any institution with every module', async () => {
    const admin = await signIn(api, 'admin@tessera.app', 'tessera-admin');
    // Every institution, the demo ones and any another suite made meanwhile.
    expect(Object.keys(admin.institutions)).toEqual(expect.arrayContaining(['acme', 'globex', 'northwind']));
    const [all] = await queryTestDatabase<{ count: string }>('SELECT count(*) FROM institutions');
    expect(Object.keys(admin.institutions)).toHaveLength(Number(all?.count));
    const response = await admin.agent
      .get('/functions/v1/me-access')
      .set({ 'X-Institution-Id': ids.globex })
      .expect(200);
    expect(response.body.is_super_admin).toBe(true);
    expect(response.body.access_control.hotel).toBe('admin');
  });

  it('filters the remote registry by the institution’s modules and the caller’s access', async () => {
    const demo = await signIn(api, 'demo@acme.test');
    const acme = await demo.agent.get('/api/remotes').set(demo.headers('acme')).expect(200);
    expect(acme.body.modules.map((m: { moduleId: string }) => m.moduleId)).toEqual(
      expect.arrayContaining(['crm', 'sales', 'hotel']),
    );
    // The built-in remotes; a remote registered at run time and enabled for Acme may join them.
    expect(acme.body.remotes.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['crm_remote', 'industry_remote']),
    );
    expect(acme.body.modules.find((m: { moduleId: string }) => m.moduleId === 'crm')).toEqual({
      moduleId: 'crm',
      remote: 'crm_remote',
      expose: './crm',
    });

    const northwind = await demo.agent.get('/api/remotes').set(demo.headers('northwind')).expect(200);
    const northwindModules = northwind.body.modules.map((m: { moduleId: string }) => m.moduleId);
    expect(northwindModules).toContain('healthcare');
    expect(northwindModules).not.toContain('crm');
    expect(northwind.body.remotes.map((r: { name: string }) => r.name)).toEqual(['industry_remote']);

    await demo.agent.get('/api/remotes').set({ 'X-Institution-Id': ids.globex }).expect(403);
  });

  it('takes remote URLs from configuration', async () => {
    const configured = await createTestApp({
      REMOTE_CRM_URL: 'https://cdn.example.com/crm/mf-manifest.json',
    });
    try {
      const demo = await signIn(configured, 'demo@acme.test');
      const response = await demo.agent.get('/api/remotes').set(demo.headers('acme')).expect(200);
      expect(response.body.remotes.find((r: { key: string }) => r.key === 'crm').manifestUrl).toBe(
        'https://cdn.example.com/crm/mf-manifest.json',
      );
    } finally {
      await configured.close();
    }
  });

  it('saves pinned and recent modules and refuses unknown module ids', async () => {
    const globex = await signIn(api, 'sam.ortiz@globex.test');
    await globex.agent
      .put('/api/access/pinned')
      .send({ sidebar_pinned: ['finance', 'crm'] })
      .expect(200);
    await globex.agent
      .put('/api/access/pinned')
      .send({ sidebar_pinned: ['nope'] })
      .expect(400);
    await globex.agent.post('/api/access/recent').send({ module_id: 'crm' }).expect(201);
    const response = await globex.agent
      .get('/functions/v1/me-access')
      .set(globex.headers('globex'))
      .expect(200);
    expect(response.body.personalization).toEqual({
      sidebar_pinned: ['finance', 'crm'],
      recent_modules: ['crm'],
    });
  });

  it('lets only owners and admins rename their institution', async () => {
    const viewer = await signIn(api, 'viewer@acme.test');
    await viewer.agent
      .patch(`/api/institutions/${ids.acme}`)
      .set(viewer.headers('acme'))
      .send({ name: 'Hijacked' })
      .expect(403);
    const owner = await signIn(api, 'demo@acme.test');
    await owner.agent
      .patch(`/api/institutions/${ids.acme}`)
      .set(owner.headers('acme'))
      .send({ name: '  ' })
      .expect(400);
    const renamed = await owner.agent
      .patch(`/api/institutions/${ids.acme}`)
      .set(owner.headers('acme'))
      .send({ name: 'Acme Corp' })
      .expect(200);
    expect(renamed.body.name).toBe('Acme Corp');
    await owner.agent
      .patch(`/api/institutions/${ids.acme}`)
      .set(owner.headers('acme'))
      .send({ name: 'Acme Corporation' })
      .expect(200);
  });

  it('serves feature flags per institution to members only', async () => {
    const demo = await signIn(api, 'demo@acme.test');
    const flags = await demo.agent.get('/api/feature-flags').set(demo.headers('acme')).expect(200);
    expect(flags.body.flags['crm.ai_insights']).toBe(true);
    await demo.agent.get('/api/feature-flags').set({ 'X-Institution-Id': ids.globex }).expect(403);
  });

  it('publishes the OpenAPI document', async () => {
    const demo = await signIn(api, 'demo@acme.test');
    const response = await demo.agent.get('/api/docs-json').expect(200);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/sign-in', '/functions/v1/me-access', '/api/remotes']),
    );
  });
});
