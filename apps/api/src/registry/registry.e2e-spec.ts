import { MODULE_IDS } from '@tessera/data-access/contracts';
import request from 'supertest';
import {
  asBytes,
  createTestApp,
  queryTestDatabase,
  signIn,
  type Session,
  type TestApp,
} from '../test/test-app';
import { fakeChunkPath, fakeRelease, publishRelease } from '../test/test-release';

const billing = {
  key: 'billing',
  name: 'Billing',
  modules: [
    {
      id: 'billing',
      name: 'Billing',
      category: 'Core Business',
      submodules: [
        { id: 'invoices', name: 'Invoices' },
        { id: 'payments', name: 'Payments' },
      ],
    },
  ],
};

describe('the registry as data: registration, deploy tokens, publishing over HTTP', () => {
  let api: TestApp;
  let admin: Session;
  let billingToken: string;

  beforeAll(async () => {
    api = await createTestApp({ REMOTE_RELEASE_MAX_MB: '1' });
    admin = await signIn(api, 'admin@tessera.app', 'tessera-admin');
  });
  afterAll(async () => {
    await api.close();
  });

  it('seeds the two built-in remotes and their modules from the contracts catalogue', async () => {
    const catalogue = await admin.agent.get('/api/modules').expect(200);
    expect(catalogue.body.modules.map((entry: { id: string }) => entry.id)).toEqual(MODULE_IDS);
    expect(catalogue.body.modules[0]).toMatchObject({ id: 'crm', remote: 'crm', route: '/modules/crm' });
    const registry = await admin.agent.get('/api/platform/registry').expect(200);
    expect(
      registry.body.map((remote: { key: string; container: string }) => [remote.key, remote.container]),
    ).toEqual([
      ['crm', 'crm_remote'],
      ['industry', 'industry_remote'],
    ]);
  });

  it('registers a remote: super admins only, keys validated, an existing module id refused by name', async () => {
    const dana = await signIn(api, 'demo@acme.test');
    await dana.agent.post('/api/platform/remotes').send(billing).expect(403);

    // The message, and the same message under the field it is about (the console shows it there).
    const refused = async (body: object, status: number, message: RegExp, field: string) => {
      const answer = await admin.agent.post('/api/platform/remotes').send(body).expect(status);
      expect(JSON.stringify(answer.body.message)).toMatch(message);
      expect(JSON.stringify(answer.body.errors?.[field])).toMatch(message);
    };
    const second = { id: 'billing-reports', name: 'Reports', category: 'Core Business', submodules: [] };
    await refused({ ...billing, key: 'Billing' }, 400, /key Billing must be lower-case/, 'key');
    await refused({ ...billing, key: 'dashboard' }, 400, /key dashboard is a built-in route/, 'key');
    await refused({ ...billing, key: 'crm' }, 409, /key crm is already registered/, 'key');
    await refused(
      { ...billing, modules: [billing.modules[0], { ...second, id: 'healthcare' }] },
      409,
      /module with the id healthcare already exists \(Healthcare/,
      'modules.1.id',
    );
    await refused(
      { ...billing, modules: [billing.modules[0], { ...second, submodules: [{ id: 'A b', name: 'A b' }] }] },
      400,
      /submodule id A b of billing-reports must be lower-case/,
      'modules.1.submodules.0.id',
    );
    await refused({ ...billing, modules: [] }, 400, /at least one module/, 'modules');
    await refused(
      { ...billing, modules: [{ ...billing.modules[0], category: 'Other' }] },
      400,
      /category must be one of/,
      'modules.0.category',
    );
    // Nothing of the refused registrations was written.
    expect(
      await queryTestDatabase("SELECT key FROM registry_remotes WHERE key NOT IN ('crm', 'industry')"),
    ).toEqual([]);

    const registered = await admin.agent.post('/api/platform/remotes').send(billing).expect(201);
    expect(registered.body).toMatchObject({
      key: 'billing',
      container: 'billing_remote',
      built_in: false,
      latest: null,
    });
    expect(registered.body.modules[0].submodules[0]).toEqual({
      id: 'invoices',
      name: 'Invoices',
      route: '/modules/billing/invoices',
    });
    const catalogue = await dana.agent.get('/api/modules').expect(200);
    expect(catalogue.body.modules.map((entry: { id: string }) => entry.id)).toContain('billing');
  });

  it('a remote registered through one process is in the next answer of another, with no restart', async () => {
    const other = await createTestApp();
    try {
      const dana = await signIn(other, 'demo@acme.test');
      const before = await dana.agent.get('/api/modules').expect(200);
      expect(before.body.modules.map((entry: { id: string }) => entry.id)).not.toContain('notes');
      await admin.agent
        .post('/api/platform/remotes')
        .send({
          key: 'notes',
          name: 'Notes',
          modules: [{ id: 'notes', name: 'Notes', category: 'Business Growth', submodules: [] }],
        })
        .expect(201);
      // The other process hears of it through NOTIFY.
      const deadline = Date.now() + 5_000;
      let ids: string[] = [];
      while (Date.now() < deadline && !ids.includes('notes')) {
        ids = (await dana.agent.get('/api/modules').expect(200)).body.modules.map(
          (entry: { id: string }) => entry.id,
        );
        if (!ids.includes('notes')) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(ids).toContain('notes');
    } finally {
      await other.close();
    }
  });

  it('creates deploy tokens shown once and stored hashed; a token publishes to its own remote only and opens nothing else', async () => {
    const created = await admin.agent
      .post('/api/platform/remotes/billing/deploy-tokens')
      .send({ name: 'billing CI' })
      .expect(201);
    billingToken = created.body.token;
    expect(billingToken).toMatch(/^tdt_/);
    const stored = await queryTestDatabase<{ token_hash: string }>(
      'SELECT token_hash FROM remote_deploy_tokens',
    );
    expect(stored.map((row) => row.token_hash)).not.toContain(billingToken);
    const listed = await admin.agent.get('/api/platform/remotes/billing/deploy-tokens').expect(200);
    expect(listed.body[0]).toMatchObject({
      name: 'billing CI',
      created_by: 'admin@tessera.app',
      revoked_at: null,
    });
    expect(listed.body[0].token).toBeUndefined();
    await admin.agent.post('/api/platform/remotes/nope/deploy-tokens').send({ name: 'x' }).expect(404);

    const release = fakeRelease({ container: 'crm_remote', exposes: ['crm', 'sales'] });
    const wrongRemote = await publishRelease(api.url, 'crm', billingToken, release).expect(403);
    expect(wrongRemote.body.message).toBe('This deploy token publishes to billing only, not to crm');
    await publishRelease(api.url, 'billing', null, release).expect(401);
    await publishRelease(api.url, 'billing', 'tdt_not-a-token', release).expect(401);
    // The deploy token is no session: every other route refuses it.
    for (const path of [
      '/api/institutions',
      '/api/modules',
      '/api/platform/registry',
      '/functions/v1/me-access',
    ])
      await request(api.url).get(path).set('Authorization', `Bearer ${billingToken}`).expect(401);

    const revoked = await admin.agent
      .post('/api/platform/remotes/billing/deploy-tokens')
      .send({ name: 'old laptop' })
      .expect(201);
    await admin.agent.delete(`/api/platform/remotes/billing/deploy-tokens/${revoked.body.id}`).expect(204);
    await publishRelease(
      api.url,
      'billing',
      revoked.body.token,
      fakeRelease({ container: 'billing_remote', exposes: ['billing'] }),
    ).expect(401);
  });

  it('refuses a release with the reason and stores nothing', async () => {
    const good = () => fakeRelease({ container: 'billing_remote', exposes: ['billing'] });
    const refusals: Array<[Map<string, Buffer>, string | undefined, number, RegExp]> = [
      [
        (() => {
          const f = good();
          f.delete('mf-manifest.json');
          return f;
        })(),
        undefined,
        400,
        /no mf-manifest\.json/,
      ],
      [
        (() => {
          const f = good();
          f.set('mf-manifest.json', Buffer.from('{ not json'));
          return f;
        })(),
        undefined,
        400,
        /not valid JSON/,
      ],
      [
        fakeRelease({ container: 'billing_remote', exposes: ['other'] }),
        undefined,
        400,
        /does not expose every module registered for billing: missing \.\/billing/,
      ],
      [
        fakeRelease({ container: 'someone_else', exposes: ['billing'] }),
        undefined,
        400,
        /names the container someone_else/,
      ],
      [
        fakeRelease({
          container: 'billing_remote',
          exposes: ['billing'],
          shared: [{ name: 'react', requiredVersion: '^18.2.0' }],
        }),
        undefined,
        400,
        /react asks for \^18\.2\.0, the host provides 19\./,
      ],
      [
        fakeRelease({
          container: 'billing_remote',
          exposes: ['billing'],
          shared: [{ name: 'styled-components', requiredVersion: '^5.3.0' }],
        }),
        undefined,
        400,
        /styled-components asks for \^5\.3\.0/,
      ],
      [
        fakeRelease({
          container: 'billing_remote',
          exposes: ['billing'],
          extra: { 'big.bin': Buffer.alloc(1024 * 1024 + 1, 7) },
        }),
        undefined,
        413,
        /larger than the limit of 1 MB \(REMOTE_RELEASE_MAX_MB\)/,
      ],
      [good(), '../1.0.0', 400, /version must be/],
    ];
    for (const [files, version, status, message] of refusals) {
      const answer = await publishRelease(api.url, 'billing', billingToken, files, version).expect(status);
      expect(answer.body.message).toMatch(message);
    }
    expect(
      await queryTestDatabase('SELECT version FROM remote_releases WHERE remote_key = $1', ['billing']),
    ).toEqual([]);
    expect(await queryTestDatabase('SELECT 1 FROM remote_blobs WHERE size > 1000000')).toEqual([]);
  });

  it('stores releases content-addressed and immutable, and serves them with precompressed copies', async () => {
    const first = await publishRelease(
      api.url,
      'billing',
      billingToken,
      fakeRelease({ container: 'billing_remote', exposes: ['billing'], build: '1' }),
    ).expect(201);
    expect(first.body).toMatchObject({
      remote: 'billing',
      version: '1.0.0',
      published_by: 'deploy token billing CI',
    });
    expect(first.body.integrity.entry).toMatch(/^sha256-/);
    const blobsAfterFirst = Number(
      (await queryTestDatabase<{ n: string }>('SELECT count(*) AS n FROM remote_blobs'))[0]?.n,
    );

    // A new build sharing its chunks: only the entry (and its copies) is new.
    const second = await publishRelease(
      api.url,
      'billing',
      billingToken,
      fakeRelease({ container: 'billing_remote', exposes: ['billing'], build: '2' }),
    ).expect(201);
    expect(second.body.version).toBe('1.0.1');
    expect(second.body.new_bytes).toBeLessThan(second.body.bytes / 2);
    const blobsAfterSecond = Number(
      (await queryTestDatabase<{ n: string }>('SELECT count(*) AS n FROM remote_blobs'))[0]?.n,
    );
    expect(blobsAfterSecond - blobsAfterFirst).toBe(1);
    // The chunk that did not change has the same content-hashed name and is the same blob in both.
    const chunkBlobs = await queryTestDatabase<{ version: string; hash: string }>(
      `SELECT version, files->>$1 AS hash FROM remote_releases WHERE remote_key = 'billing' ORDER BY version`,
      [fakeChunkPath('billing')],
    ).then((rows) => rows.map((row) => row.hash));
    expect(chunkBlobs).toHaveLength(2);
    expect(new Set(chunkBlobs).size).toBe(1);

    // A version is never replaced.
    const reused = await publishRelease(
      api.url,
      'billing',
      billingToken,
      fakeRelease({ container: 'billing_remote', exposes: ['billing'], build: '3' }),
      '1.0.0',
    ).expect(409);
    expect(reused.body.message).toBe(
      'billing 1.0.0 is already published; versions are immutable: publish a new version',
    );

    const entry = await request(api.url).get('/remotes/billing/v/1.0.0/remoteEntry.js').expect(200);
    expect(entry.text).toContain('build 1');
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const chunk = await request(api.url)
      .get(`/remotes/billing/v/1.0.1/${fakeChunkPath('billing')}`)
      .set('Accept-Encoding', 'br')
      .buffer(true)
      .parse(asBytes)
      .expect(200);
    expect(chunk.headers['content-encoding']).toBe('br');
    await request(api.url).get('/remotes/billing/v/9.9.9/remoteEntry.js').expect(404);
    await request(api.url).get('/remotes/billing/v/1.0.0/nothing.js').expect(404);
  });

  it('a registered module appears for the institutions that enable it, at their next registry answer', async () => {
    const dana = await signIn(api, 'demo@acme.test');
    const owner = await signIn(api, 'owner@globex.test');
    const acmeId = dana.institutions.acme as string;
    const before = await dana.agent.get('/api/remotes').set(dana.headers('acme')).expect(200);
    expect(before.body.modules.map((row: { moduleId: string }) => row.moduleId)).not.toContain('billing');

    await admin.agent
      .put(`/api/platform/institutions/${acmeId}/modules/billing`)
      .send({ enabled: true })
      .expect(200);
    const after = await dana.agent.get('/api/remotes').set(dana.headers('acme')).expect(200);
    expect(after.body.modules).toContainEqual({
      moduleId: 'billing',
      remote: 'billing_remote',
      expose: './billing',
    });
    expect(after.body.remotes).toContainEqual(
      expect.objectContaining({
        key: 'billing',
        name: 'billing_remote',
        version: '1.0.1',
        manifestUrl: '/remotes/billing/v/1.0.1/mf-manifest.json',
        integrity: expect.objectContaining({ entryFile: 'remoteEntry.js' }),
      }),
    );
    const access = await dana.agent.get('/functions/v1/me-access').set(dana.headers('acme')).expect(200);
    expect(access.body.access_control.billing).toBe('admin');

    const globex = await owner.agent.get('/api/remotes').set(owner.headers('globex')).expect(200);
    expect(globex.body.modules.map((row: { moduleId: string }) => row.moduleId)).not.toContain('billing');

    // Canary and rollback work on stored releases of a registered remote too.
    await admin.agent
      .put(`/api/platform/institutions/${acmeId}/remotes/billing`)
      .send({ version: '1.0.0' })
      .expect(204);
    const pinned = await dana.agent.get('/api/remotes').set(dana.headers('acme')).expect(200);
    expect(pinned.body.remotes.find((remote: { key: string }) => remote.key === 'billing').version).toBe(
      '1.0.0',
    );
    await admin.agent.delete(`/api/platform/institutions/${acmeId}/remotes/billing`).expect(204);
    const audit = await admin.agent.get('/api/platform/remotes/billing/audit').expect(200);
    expect(audit.body.map((row: { action: string }) => row.action)).toEqual([
      'remote.unpinned',
      'remote.pinned',
      'remote.published',
      'remote.published',
      'deploy_token.revoked',
      'deploy_token.created',
      'deploy_token.created',
      'remote.registered',
    ]);
  });

  it('removes an old release that no institution pins, keeping the files another release shares', async () => {
    const archive = {
      key: 'archive',
      name: 'Archive',
      modules: [{ id: 'archive', name: 'Archive', category: 'Core Business', submodules: [] }],
    };
    await admin.agent.post('/api/platform/remotes').send(archive).expect(201);
    const token = (
      await admin.agent
        .post('/api/platform/remotes/archive/deploy-tokens')
        .send({ name: 'archive CI' })
        .expect(201)
    ).body.token as string;
    const release = (build: string, chunkSeed?: string) =>
      fakeRelease({ container: 'archive_remote', exposes: ['archive'], build, chunkSeed });
    // 1.0.2 changes its chunk too: a new content-hashed name, a new blob.
    for (const [build, chunkSeed] of [['1'], ['2'], ['3', 'b']] as const)
      await publishRelease(api.url, 'archive', token, release(build, chunkSeed)).expect(201);
    const filesOf = async (version: string) =>
      (
        await queryTestDatabase<{ files: Record<string, string> }>(
          'SELECT files FROM remote_releases WHERE remote_key = $1 AND version = $2',
          ['archive', version],
        )
      )[0]?.files ?? {};
    const old = await filesOf('1.0.1');
    const blobs = async (hashes: string[]) =>
      (
        await queryTestDatabase<{ hash: string }>('SELECT hash FROM remote_blobs WHERE hash = ANY($1)', [
          hashes,
        ])
      ).map((row) => row.hash);
    await request(api.url).get('/remotes/archive/v/1.0.1/remoteEntry.js').expect(200);

    const dana = await signIn(api, 'demo@acme.test');
    await dana.agent.delete('/api/platform/remotes/archive/releases/1.0.0').expect(403);
    const acmeId = dana.institutions.acme as string;
    await admin.agent
      .put(`/api/platform/institutions/${acmeId}/remotes/archive`)
      .send({ version: '1.0.0' })
      .expect(204);
    const pinned = await admin.agent.delete('/api/platform/remotes/archive/releases/1.0.0').expect(409);
    expect(pinned.body.message).toMatch(/archive 1\.0\.0 is pinned by Acme Corporation/);
    const latest = await admin.agent.delete('/api/platform/remotes/archive/releases/1.0.2').expect(409);
    expect(latest.body.message).toMatch(/archive 1\.0\.2 is the latest release/);
    await admin.agent.delete('/api/platform/remotes/archive/releases/9.9.9').expect(404);
    await admin.agent.delete('/api/platform/remotes/archive/releases/..%2F1.0.0').expect(400);
    // Nothing of the refused removals was done.
    expect(Object.keys(await filesOf('1.0.0')).length).toBeGreaterThan(0);
    expect((await blobs(Object.values(old))).length).toBe(new Set(Object.values(old)).size);

    const removed = await admin.agent.delete('/api/platform/remotes/archive/releases/1.0.1').expect(200);
    expect(removed.body).toMatchObject({ remote: 'archive', version: '1.0.1', blobs_removed: 1 });
    expect(removed.body.bytes_freed).toBeGreaterThan(0);
    // Its own entry is gone; the chunk and manifest parts the other releases share stay.
    const entryHash = old['remoteEntry.js'] as string;
    const shared = Object.values(old).filter((hash) => hash !== entryHash);
    expect(await blobs([entryHash])).toEqual([]);
    expect((await blobs(shared)).length).toBe(new Set(shared).size);
    await request(api.url).get('/remotes/archive/v/1.0.1/remoteEntry.js').expect(404);
    // Its URLs may be cached for ever somewhere: the number is never given to other files.
    const reused = await publishRelease(api.url, 'archive', token, release('4'), '1.0.1').expect(409);
    expect(reused.body.message).toMatch(/archive 1\.0\.1 was published and removed/);
    await request(api.url)
      .get(`/remotes/archive/v/1.0.0/${fakeChunkPath('archive')}`)
      .expect(200);
    await request(api.url)
      .get(`/remotes/archive/v/1.0.2/${fakeChunkPath('archive', 'b')}`)
      .expect(200);
    const listed = (await admin.agent.get('/api/platform/remotes').expect(200)).body as Array<{
      remote: string;
      versions: Array<{ version: string }>;
    }>;
    expect(
      listed.find((remote) => remote.remote === 'archive')?.versions.map((entry) => entry.version),
    ).toEqual(['1.0.2', '1.0.0']);

    const audit = await admin.agent.get('/api/platform/remotes/archive/audit').expect(200);
    expect(audit.body[0]).toMatchObject({
      action: 'remote.release_removed',
      actor_email: 'admin@tessera.app',
      target: 'archive@1.0.1',
    });
  });
});
