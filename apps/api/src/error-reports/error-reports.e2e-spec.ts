import { ERROR_REPORTS_PER_MINUTE } from '@tessera/data-access/contracts';
import { createTestApp, institutionIds, signIn, type TestApp } from '../test/test-app';

/** docs/product/errors.md: the screens' errors reach the server, per institution, for super admins to read. */
describe('error reports', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await createTestApp();
  });
  afterAll(async () => {
    await api.close();
  });

  it('keeps a report in the institution the user works in, for super admins only', async () => {
    const demo = await signIn(api, 'demo@acme.test');
    await demo.agent
      .post('/api/error-reports')
      .set(demo.headers('acme'))
      .set('User-Agent', 'Reporter/1.0')
      .send({
        message: 'Failed to load deals pipeline',
        detail: 'TypeError: x is undefined',
        url: '/modules/crm/pipeline',
        module_id: 'crm',
      })
      .expect(204);
    // Without an institution it is the person's own report.
    await demo.agent.post('/api/error-reports').send({ message: 'Uncaught error' }).expect(204);

    const admin = await signIn(api, 'admin@tessera.app', 'tessera-admin');
    const ids = await institutionIds();
    const all = await admin.agent.get('/api/platform/error-reports').expect(200);
    const pipeline = all.body.find(
      (row: { message: string }) => row.message === 'Failed to load deals pipeline',
    );
    expect(pipeline).toEqual(
      expect.objectContaining({
        institution_id: ids.acme,
        institution_name: 'Acme Corporation',
        user_email: 'demo@acme.test',
        detail: 'TypeError: x is undefined',
        url: '/modules/crm/pipeline',
        module_id: 'crm',
        user_agent: 'Reporter/1.0',
      }),
    );
    const personal = all.body.find((row: { message: string }) => row.message === 'Uncaught error');
    expect(personal).toEqual(expect.objectContaining({ institution_id: null, user_email: 'demo@acme.test' }));

    const acmeOnly = await admin.agent
      .get(`/api/platform/error-reports?institution_id=${ids.acme}`)
      .expect(200);
    expect(acmeOnly.body.map((row: { message: string }) => row.message)).toEqual([
      'Failed to load deals pipeline',
    ]);

    // Members of institutions, owners included, cannot read them.
    await demo.agent.get('/api/platform/error-reports').expect(403);
  });

  it('refuses a report to an institution the user is not a member of, and bad input, keeping nothing', async () => {
    const globex = await signIn(api, 'owner@globex.test');
    const ids = await institutionIds();
    await globex.agent
      .post('/api/error-reports')
      .set(globex.headers(ids.acme as string))
      .send({ message: 'Spy report' })
      .expect(403);
    const empty = await globex.agent.post('/api/error-reports').send({ message: '' }).expect(400);
    expect(JSON.stringify(empty.body)).toContain('message is required');
    const offSite = await globex.agent
      .post('/api/error-reports')
      .send({ message: 'Off site', url: 'https://elsewhere.test/x' })
      .expect(400);
    expect(JSON.stringify(offSite.body)).toContain('url must be a path of this site');
    await globex.agent
      .post('/api/error-reports')
      .send({ message: 'x'.repeat(501) })
      .expect(400);
    // Signed out: nothing to attribute the report to.
    const anonymous = await fetch(`${api.url}/api/error-reports`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'Anonymous' }),
    });
    expect(anonymous.status).toBe(401);

    const admin = await signIn(api, 'admin@tessera.app', 'tessera-admin');
    const all = await admin.agent.get('/api/platform/error-reports?limit=200').expect(200);
    const messages = all.body.map((row: { message: string }) => row.message);
    expect(messages).not.toContain('Spy report');
    expect(messages).not.toContain('Off site');
    expect(messages).not.toContain('Anonymous');
    await admin.agent.get('/api/platform/error-reports?limit=0').expect(400);
    await admin.agent.get('/api/platform/error-reports?institution_id=acme').expect(400);
  });

  it('refuses a person over the per-minute budget', async () => {
    const viewer = await signIn(api, 'viewer@acme.test');
    for (let index = 0; index < ERROR_REPORTS_PER_MINUTE; index += 1) {
      await viewer.agent
        .post('/api/error-reports')
        .set(viewer.headers('acme'))
        .send({ message: `Loop ${index}` })
        .expect(204);
    }
    const refused = await viewer.agent
      .post('/api/error-reports')
      .set(viewer.headers('acme'))
      .send({ message: 'One too many' })
      .expect(429);
    expect(refused.body.message).toBe('Too many error reports. Try again in a minute.');
  });
});
