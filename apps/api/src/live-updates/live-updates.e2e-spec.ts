import { type EventStreamClient, openEventStream } from '../test/event-stream';
import { createTestApp, institutionIds, queryTestDatabase, signIn, type TestApp } from '../test/test-app';
import { MetricsService } from '../operations/metrics.service';

/** The session cookie of a fresh sign-in, as a browser would send it on GET /api/events. */
async function sessionCookie(testApp: TestApp, email: string, password = 'tessera-demo'): Promise<string> {
  const response = await fetch(`${testApp.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const quietly = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('live updates (GET /api/events over PostgreSQL LISTEN/NOTIFY)', () => {
  // Two apps on one database: two API processes as far as NOTIFY is concerned.
  let first: TestApp;
  let second: TestApp;
  let ids: Record<string, string>;
  const streams: EventStreamClient[] = [];
  const open = async (...args: Parameters<typeof openEventStream>) => {
    const stream = await openEventStream(...args);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp();
    ids = await institutionIds();
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await first.close();
    await second.close();
  });

  it('streams a deal created through one process to a member watching through the other', async () => {
    const watcher = await open(second.url, await sessionCookie(second, 'jordan.kim@acme.test'), ids.acme);
    expect(watcher.status).toBe(200);
    const owner = await signIn(first, 'demo@acme.test');
    const created = await owner.agent
      .post('/api/crm/deals')
      .set(owner.headers('acme'))
      .send({ name: 'Live update deal', amount: 1200 })
      .expect(201);
    const event = await watcher.waitForChange((change) => change.id === created.body.id, 3_000);
    expect(event).toEqual({
      resource: 'deal',
      action: 'created',
      id: created.body.id,
      institutionId: ids.acme,
      moduleId: 'crm',
      actorId: owner.userId,
    });

    await owner.agent
      .patch(`/api/crm/deals/${created.body.id}`)
      .set(owner.headers('acme'))
      .send({ stage: 'qualification' })
      .expect(200);
    await watcher.waitForChange((change) => change.id === created.body.id && change.action === 'moved');
    await owner.agent.delete(`/api/crm/deals/${created.body.id}`).set(owner.headers('acme')).expect(204);
    await watcher.waitForChange((change) => change.id === created.body.id && change.action === 'deleted');
  });

  it('streams record and contact changes with their module and submodule', async () => {
    const watcher = await open(first.url, await sessionCookie(first, 'viewer@acme.test'), ids.acme);
    const owner = await signIn(second, 'demo@acme.test');
    const contact = await owner.agent
      .post('/api/crm/contacts')
      .set(owner.headers('acme'))
      .send({ first_name: 'Live', last_name: 'Contact', email: 'live.contact@example.com' })
      .expect(201);
    await watcher.waitForChange((change) => change.resource === 'contact' && change.id === contact.body.id);

    const [row] = await queryTestDatabase<{
      module_id: string;
      submodule_id: string;
      id: string;
      data: object;
    }>(`SELECT module_id, submodule_id, id, data FROM records WHERE org_id = $1 ORDER BY id LIMIT 1`, [
      ids.acme,
    ]);
    await owner.agent
      .patch(`/api/modules/${row.module_id}/${row.submodule_id}/records/${row.id}`)
      .set(owner.headers('acme'))
      .send({ data: row.data })
      .expect(200);
    const event = await watcher.waitForChange(
      (change) => change.resource === 'record' && change.id === row.id,
    );
    expect(event).toMatchObject({
      moduleId: row.module_id,
      submoduleId: row.submodule_id,
      action: 'updated',
    });
  });

  it('never sends one institution’s changes to another institution’s stream', async () => {
    const globexWatcher = await open(
      second.url,
      await sessionCookie(second, 'owner@globex.test'),
      ids.globex,
    );
    expect(globexWatcher.status).toBe(200);
    const acmeOwner = await signIn(first, 'demo@acme.test');
    const globexOwner = await signIn(first, 'owner@globex.test');
    const acmeDeal = await acmeOwner.agent
      .post('/api/crm/deals')
      .set(acmeOwner.headers('acme'))
      .send({ name: 'Acme secret deal' })
      .expect(201);
    const globexDeal = await globexOwner.agent
      .post('/api/crm/deals')
      .set(globexOwner.headers('globex'))
      .send({ name: 'Globex deal' })
      .expect(201);
    // The Globex change arrives, so the Acme one (published first) would have too.
    await globexWatcher.waitForChange((change) => change.id === globexDeal.body.id);
    await quietly(300);
    expect(globexWatcher.changes().some((change) => change.id === acmeDeal.body.id)).toBe(false);
    expect(globexWatcher.changes().every((change) => change.institutionId === ids.globex)).toBe(true);
  });

  it('refuses a stream of an institution the caller is not a member of, a missing or bad id, no session', async () => {
    const globexCookie = await sessionCookie(first, 'owner@globex.test');
    expect((await open(first.url, globexCookie, ids.acme)).status).toBe(403);
    const missing = await fetch(`${first.url}/api/events`, { headers: { cookie: globexCookie } });
    expect(missing.status).toBe(400);
    expect((await open(first.url, globexCookie, 'not-a-uuid')).status).toBe(400);
    expect((await open(first.url, '', ids.acme)).status).toBe(401);
  });

  it('sends no changes of a module the member cannot read', async () => {
    const viewer = await signIn(first, 'viewer@acme.test');
    const owner = await signIn(first, 'demo@acme.test');
    await owner.agent
      .put(`/api/administration/members/${viewer.userId}/modules/crm`)
      .set(owner.headers('acme'))
      .send({ level: 'none' })
      .expect(204);
    try {
      const watcher = await open(first.url, await sessionCookie(first, 'viewer@acme.test'), ids.acme);
      const contact = await owner.agent
        .post('/api/crm/contacts')
        .set(owner.headers('acme'))
        .send({ first_name: 'Hidden', last_name: 'Contact', email: 'hidden.contact@example.com' })
        .expect(201);
      const [row] = await queryTestDatabase<{
        module_id: string;
        submodule_id: string;
        id: string;
        data: object;
      }>(
        `SELECT module_id, submodule_id, id, data FROM records WHERE org_id = $1 AND module_id <> 'crm' LIMIT 1`,
        [ids.acme],
      );
      await owner.agent
        .patch(`/api/modules/${row.module_id}/${row.submodule_id}/records/${row.id}`)
        .set(owner.headers('acme'))
        .send({ data: row.data })
        .expect(200);
      // The record event (a module the viewer reads) arrives; the CRM one never does.
      await watcher.waitForChange((change) => change.id === row.id);
      expect(watcher.changes().some((change) => change.id === contact.body.id)).toBe(false);
    } finally {
      await owner.agent
        .put(`/api/administration/members/${viewer.userId}/modules/crm`)
        .set(owner.headers('acme'))
        .send({ level: null })
        .expect(204);
    }
  });

  it('starts a resumed stream (Last-Event-ID) with a resync and counts open streams', async () => {
    const cookie = await sessionCookie(first, 'demo@acme.test');
    const gauge = first.app.get(MetricsService).liveConnections;
    const before = (await gauge.get()).values[0]?.value ?? 0;
    const resumed = await open(first.url, cookie, ids.acme, { 'last-event-id': '1-1' });
    for (let attempt = 0; attempt < 50 && resumed.received.length === 0; attempt += 1) await quietly(20);
    expect(resumed.received[0]?.name).toBe('resync');
    expect((await gauge.get()).values[0]?.value).toBe(before + 1);
    resumed.close();
    for (let attempt = 0; attempt < 50; attempt += 1) {
      if ((await gauge.get()).values[0]?.value === before) break;
      await quietly(20);
    }
    expect((await gauge.get()).values[0]?.value).toBe(before);
  });
});
