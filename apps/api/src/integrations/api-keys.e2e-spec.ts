import { RECORD_SCHEMAS } from '@tessera/data-access/contracts';
import request from 'supertest';
import { type ApiProcess, startApiProcess } from '../test/api-process';
import {
  createTestApp,
  failOnViolations,
  institutionIds,
  queryTestDatabase,
  type Session,
  type TestApp,
} from '../test/test-app';
import { createTestInstitution, signInNewMember } from '../test/test-users';

/** A route per module that reads, and one that changes (an empty body: past the guard it is a 400). */
function moduleRoutes(moduleId: string): { read: string; write: string } | null {
  if (moduleId === 'crm') return { read: '/api/crm/deals', write: '/api/crm/deals' };
  const schema = RECORD_SCHEMAS.find((entry) => entry.moduleId === moduleId);
  if (!schema) return null;
  const path = `/api/modules/${moduleId}/${schema.submoduleId}/records`;
  return { read: path, write: path };
}

describe('API keys', () => {
  let api: TestApp;
  let institutionId: string;
  let owner: Session;
  let admin: Session;
  let modules: string[];

  beforeAll(async () => {
    api = await createTestApp();
    institutionId = await createTestInstitution('keys');
    owner = await signInNewMember(api, institutionId, 'owner', 'key-owner');
    admin = await signInNewMember(api, institutionId, 'admin', 'key-admin');
    const [row] = await queryTestDatabase<{ modules_included: string[] }>(
      'SELECT modules_included FROM institutions WHERE id = $1',
      [institutionId],
    );
    modules = row?.modules_included ?? [];
  });
  afterEach(() => failOnViolations(api.takeResponseViolations()));
  afterAll(() => api.close());

  const inInstitution = () => ({ 'X-Institution-Id': institutionId });

  async function createKey(
    who: Session,
    scopes: string[],
    name = `Key ${scopes.join(' ')}`,
  ): Promise<string> {
    const created = await who.agent
      .post('/api/administration/api-keys')
      .set(inInstitution())
      .send({ name, scopes })
      .expect(201);
    return created.body.secret as string;
  }

  /** A client with nothing but the key: no cookie, no Origin, no institution header. */
  const withKey = (secret: string) => ({
    get: (path: string) => request(api.url).get(path).set('Authorization', `Bearer ${secret}`),
    post: (path: string, body: object = {}) =>
      request(api.url).post(path).set('Authorization', `Bearer ${secret}`).send(body),
    patch: (path: string, body: object) =>
      request(api.url).patch(path).set('Authorization', `Bearer ${secret}`).send(body),
  });

  it('shows its secret once and keeps only a hash; the list says who made it and when it was used', async () => {
    const created = await owner.agent
      .post('/api/administration/api-keys')
      .set(inInstitution())
      .send({ name: 'Website lead form', scopes: ['crm:read', 'crm:write'] })
      .expect(201);
    const secret: string = created.body.secret;
    expect(secret).toMatch(/^tsk_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(created.body.prefix)).toBe(true);
    const [stored] = await queryTestDatabase<{ token_hash: string; prefix: string }>(
      'SELECT token_hash, prefix FROM api_keys WHERE id = $1',
      [created.body.id],
    );
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(secret);

    await withKey(secret).get('/api/crm/deals').expect(200);
    const list = await owner.agent.get('/api/administration/api-keys').set(inInstitution()).expect(200);
    const listed = list.body.find((key: { id: string }) => key.id === created.body.id);
    expect(listed).toMatchObject({
      name: 'Website lead form',
      prefix: created.body.prefix,
      scopes: ['crm:read', 'crm:write'],
      created_by: expect.stringContaining('key-owner'),
      expires_at: null,
      revoked_at: null,
    });
    expect(listed.last_used_at).not.toBeNull();
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  it('works on the REST API like a session, without cookie, origin or institution header', async () => {
    const secret = await createKey(owner, ['crm:read', 'crm:write']);
    const deal = await withKey(secret).post('/api/crm/deals', { name: 'Key deal', amount: 1200 }).expect(201);
    expect(deal.body.org_id).toBe(institutionId);
    await withKey(secret).get(`/api/crm/deals/${deal.body.id}`).expect(200);
    // Naming its own institution is fine; naming another one is not.
    await withKey(secret).get('/api/crm/deals').set(inInstitution()).expect(200);
    const acme = (await institutionIds()).acme;
    const elsewhere = await withKey(secret)
      .get('/api/crm/deals')
      .set({ 'X-Institution-Id': acme })
      .expect(403);
    expect(elsewhere.body.message).toBe('This API key belongs to another institution');
  });

  it('holds every module to its read and write scopes, naming the missing one', async () => {
    const checked = modules.filter((moduleId) => moduleRoutes(moduleId));
    expect(checked.length).toBeGreaterThan(10);
    for (const [index, moduleId] of checked.entries()) {
      const routes = moduleRoutes(moduleId) as { read: string; write: string };
      const other = checked[(index + 1) % checked.length] as string;
      const reader = withKey(await createKey(owner, [`${moduleId}:read`]));
      await reader.get(routes.read).expect(200);
      const refusedWrite = await reader.post(routes.write).expect(403);
      expect(refusedWrite.body.message).toBe(`This API key lacks the scope ${moduleId}:write`);
      const otherRoutes = moduleRoutes(other) as { read: string };
      const refusedRead = await reader.get(otherRoutes.read).expect(403);
      expect(refusedRead.body.message).toBe(`This API key lacks the scope ${other}:read`);

      const writer = withKey(await createKey(owner, [`${moduleId}:write`]));
      await writer.get(routes.read).expect(200);
      // Past the scope check: the empty body is refused by validation, not by the key.
      const written = await writer.post(routes.write);
      expect(written.status).toBe(400);
    }
  });

  it('refuses scopes its maker does not hold or that do not exist, and keeps nothing', async () => {
    const before = await queryTestDatabase<{ n: string }>(
      'SELECT count(*) AS n FROM api_keys WHERE institution_id = $1',
      [institutionId],
    );
    const viewerOfCrm = await signInNewMember(api, institutionId, 'admin', 'crm-reader');
    await owner.agent
      .put(`/api/administration/members/${viewerOfCrm.userId}/modules/crm`)
      .set(inInstitution())
      .send({ level: 'read' })
      .expect(204);
    const beyond = await viewerOfCrm.agent
      .post('/api/administration/api-keys')
      .set(inInstitution())
      .send({ name: 'Too much', scopes: ['crm:write'] })
      .expect(403);
    expect(beyond.body.message).toContain('You cannot grant crm:write');
    const unknown = await owner.agent
      .post('/api/administration/api-keys')
      .set(inInstitution())
      .send({ name: 'Nonsense', scopes: ['crm:delete'] })
      .expect(400);
    expect(unknown.body.errors.scopes[0]).toContain('Unknown scope crm:delete');
    await owner.agent
      .post('/api/administration/api-keys')
      .set(inInstitution())
      .send({ name: 'Past', scopes: ['crm:read'], expires_at: '2001-01-01T00:00:00Z' })
      .expect(400);
    await owner.agent
      .post('/api/administration/api-keys')
      .set(inInstitution())
      .send({ name: ' ', scopes: [] })
      .expect(400);
    const after = await queryTestDatabase<{ n: string }>(
      'SELECT count(*) AS n FROM api_keys WHERE institution_id = $1',
      [institutionId],
    );
    expect(after).toEqual(before);
  });

  it('reaches the institution’s data only: not the maker’s account, not administration changes', async () => {
    const secret = await createKey(owner, ['crm:read', 'admin:read']);
    const key = withKey(secret);
    const profile = await key.get('/api/auth/user').expect(403);
    expect(profile.body.message).toContain('API keys work on the institution’s data only');
    await key.get('/api/institutions').expect(403);
    await key.get('/api/administration/audit').expect(200);
    await key.get('/api/administration/members').expect(200);
    const invite = await key
      .post('/api/administration/invitations', { email: 'someone@keys.test', role: 'member' })
      .expect(403);
    expect(invite.body.message).toContain('API keys cannot change the institution’s administration');
    // A key never makes keys.
    await key.post('/api/administration/api-keys', { name: 'Child', scopes: ['crm:read'] }).expect(403);
    const noAdmin = withKey(await createKey(owner, ['crm:read']));
    const audit = await noAdmin.get('/api/administration/audit').expect(403);
    expect(audit.body.message).toBe('This API key lacks the scope admin:read');
    // Module configuration is an administrator's, never a key's.
    const config = await withKey(await createKey(owner, ['crm:write'])).post('/api/crm/scoring-rules');
    expect(config.status).toBe(403);
    expect(config.body.message).toContain('API keys cannot configure modules');
  });

  it('refuses unknown, expired and malformed keys with 401', async () => {
    const unknown = await withKey(`tsk_${'x'.repeat(43)}`)
      .get('/api/crm/deals')
      .expect(401);
    expect(unknown.body.message).toBe('The API key is unknown, revoked or expired');
    const created = await owner.agent
      .post('/api/administration/api-keys')
      .set(inInstitution())
      .send({
        name: 'Short-lived',
        scopes: ['crm:read'],
        expires_at: new Date(Date.now() + 60_000).toISOString(),
      })
      .expect(201);
    await withKey(created.body.secret).get('/api/crm/deals').expect(200);
    await queryTestDatabase("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [
      created.body.id,
    ]);
    await withKey(created.body.secret).get('/api/crm/deals').expect(401);
  });

  it('loses what its maker loses: demoted, then removed', async () => {
    const secret = await createKey(admin, ['crm:read', 'crm:write', 'admin:read']);
    const key = withKey(secret);
    await key.post('/api/crm/deals', { name: 'Before demotion' }).expect(201);
    await key.get('/api/administration/audit').expect(200);

    await owner.agent
      .patch(`/api/administration/members/${admin.userId}`)
      .set(inInstitution())
      .send({ role: 'viewer' })
      .expect(204);
    const write = await key.post('/api/crm/deals', { name: 'After demotion' }).expect(403);
    expect(write.body.message).toBe('You need write access to CRM');
    await key.get('/api/crm/deals').expect(200);
    await key.get('/api/administration/audit').expect(403);

    await owner.agent.delete(`/api/administration/members/${admin.userId}`).set(inInstitution()).expect(204);
    const read = await key.get('/api/crm/deals').expect(403);
    expect(read.body.message).toBe('You are not a member of this institution');
  });

  it('puts every change made with a key in the audit log as that key', async () => {
    const created = await owner.agent
      .post('/api/administration/api-keys')
      .set(inInstitution())
      .send({ name: 'Billing sync', scopes: ['crm:write'] })
      .expect(201);
    const key = withKey(created.body.secret);
    const deal = await key.post('/api/crm/deals', { name: 'Audited deal' }).expect(201);
    // Written in the change's own transaction: there when the answer is, committed with the deal.
    const audit = await owner.agent.get('/api/administration/audit').set(inInstitution()).expect(200);
    const entry = (
      audit.body as Array<{ action: string; target: string; actor_email: string; details: object }>
    ).find(
      (row) =>
        row.action === 'api_key.write' &&
        row.details &&
        JSON.stringify(row.details).includes(created.body.id),
    );
    expect(entry).toMatchObject({
      actor_email: `API key Billing sync (${created.body.prefix}…)`,
      target: 'POST /api/crm/deals',
      details: { api_key_id: created.body.id },
    });
    const sameTransaction = await queryTestDatabase<{ same: boolean }>(
      `SELECT (SELECT xmin FROM crm_deals WHERE id = $1)::text =
              (SELECT xmin FROM audit_log WHERE action = 'api_key.write' AND details->>'api_key_id' = $2)::text AS same`,
      [deal.body.id, created.body.id],
    );
    expect(sameTransaction).toEqual([{ same: true }]);
    expect(deal.body.owner_id).toBe(owner.userId);

    // A change that fails inside its transaction leaves no entry either.
    await key.patch(`/api/crm/deals/${deal.body.id}`, { name: 'Stale', version: 999 }).expect(409);
    const entries = await queryTestDatabase(
      `SELECT 1 FROM audit_log WHERE action = 'api_key.write' AND details->>'api_key_id' = $1`,
      [created.body.id],
    );
    expect(entries).toHaveLength(1);
  });

  it('is described in the OpenAPI document: the scheme, each operation’s scope, the limits', async () => {
    const document = (await request(api.url).get('/api/docs-json').expect(200)).body;
    expect(document.components.securitySchemes.api_key).toMatchObject({ type: 'http', scheme: 'bearer' });
    const deals = document.paths['/api/crm/deals'];
    expect(deals.get['x-api-key-scope']).toBe('crm:read');
    expect(deals.post['x-api-key-scope']).toBe('crm:write');
    expect(deals.get.security).toEqual([{ tessera_at: [] }, { api_key: [] }]);
    expect(Object.keys(deals.get.responses['200'].headers)).toEqual([
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
    ]);
    expect(deals.get.responses['429'].headers['Retry-After']).toBeDefined();
    const records = document.paths['/api/modules/{moduleId}/{submoduleId}/records'];
    expect(records.get['x-api-key-scope']).toBe('{moduleId}:read');
    expect(document.paths['/api/administration/audit'].get['x-api-key-scope']).toBe('admin:read');
    expect(document.paths['/api/auth/user'].get['x-api-key-scope']).toBeUndefined();
    expect(document.paths['/api/crm/scoring-rules'].post['x-api-key-scope']).toBeUndefined();
    expect(document.components.schemas.WebhookEventBody.required).toEqual(
      expect.arrayContaining(['id', 'type', 'created_at', 'institution_id', 'data']),
    );
  });

  describe('on two processes', () => {
    let second: ApiProcess;

    beforeAll(async () => {
      second = await startApiProcess({ API_KEY_REQUESTS_PER_MINUTE: '6' });
    });
    afterAll(() => second.kill('SIGTERM'));

    it('stops a revoked key at once on every process', async () => {
      const created = await owner.agent
        .post('/api/administration/api-keys')
        .set(inInstitution())
        .send({ name: 'Revoked soon', scopes: ['crm:read'] })
        .expect(201);
      const auth = { Authorization: `Bearer ${created.body.secret}` };
      await request(second.url).get('/api/crm/deals').set(auth).expect(200);
      await request(api.url).get('/api/crm/deals').set(auth).expect(200);
      await owner.agent
        .delete(`/api/administration/api-keys/${created.body.id}`)
        .set(inInstitution())
        .expect(204);
      await request(second.url).get('/api/crm/deals').set(auth).expect(401);
      await request(api.url).get('/api/crm/deals').set(auth).expect(401);
      const list = await owner.agent.get('/api/administration/api-keys').set(inInstitution()).expect(200);
      expect(list.body.find((key: { id: string }) => key.id === created.body.id).revoked_at).not.toBeNull();
      await owner.agent
        .delete(`/api/administration/api-keys/${created.body.id}`)
        .set(inInstitution())
        .expect(404);
    });

    it('counts a key’s requests for every process: RateLimit headers, then 429 with Retry-After', async () => {
      const auth = { Authorization: `Bearer ${await createKey(owner, ['crm:read'], 'Rate-limited')}` };
      // This process allows 600 a minute, the second 6: the count is the key's, wherever it is made.
      for (let sent = 0; sent < 3; sent += 1)
        await request(api.url).get('/api/crm/deals').set(auth).expect(200);
      const fourth = await request(second.url).get('/api/crm/deals').set(auth).expect(200);
      expect(fourth.headers['ratelimit-limit']).toBe('6');
      expect(fourth.headers['ratelimit-remaining']).toBe('2');
      expect(Number(fourth.headers['ratelimit-reset'])).toBeGreaterThan(0);
      expect(Number(fourth.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
      await request(second.url).get('/api/crm/deals').set(auth).expect(200);
      await request(second.url).get('/api/crm/deals').set(auth).expect(200);
      const refused = await request(second.url).get('/api/crm/deals').set(auth).expect(429);
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(/^This API key has made 6 requests this minute\. Try again in/);
      const first = await request(api.url).get('/api/crm/deals').set(auth).expect(200);
      expect(first.headers['ratelimit-limit']).toBe('600');
    });
  });
});
