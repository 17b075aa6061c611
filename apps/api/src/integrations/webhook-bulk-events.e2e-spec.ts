import { matchCrmImportColumns, toCsv } from '@tessera/data-access/contracts';
import { createTestApp, failOnViolations, type Session, type TestApp } from '../test/test-app';
import { eventually } from '../test/test-smtp';
import { startWebhookReceiver, type TestWebhookReceiver } from '../test/test-webhook-receiver';
import { createTestInstitution, signInNewMember } from '../test/test-users';

interface Tenant {
  owner: Session;
  headers: Record<string, string>;
}

interface EventBody {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

const TASKS = '/api/modules/project/tasks';

/** Changes of many rows at once (imports, bulk edits, Undo) send one event per row, like edits by hand. */
describe('Webhook events of changes to many rows', () => {
  let api: TestApp;
  let receiver: TestWebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    api = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: '1' });
  });
  afterEach(() => failOnViolations(api.takeResponseViolations()));
  afterAll(async () => {
    await api.close();
    await receiver.close();
  });

  async function tenant(label: string, path: string, events: string[]): Promise<Tenant> {
    const institutionId = await createTestInstitution(label);
    const owner = await signInNewMember(api, institutionId, 'owner', `${label}-owner`);
    const headers = { 'X-Institution-Id': institutionId };
    await owner.agent
      .post('/api/administration/webhooks')
      .set(headers)
      .send({ url: `${receiver.url}${path}`, events })
      .expect(201);
    return { owner, headers };
  }

  /** The events at `path` once `count` have arrived (and a moment more, to see none extra). */
  async function received(path: string, count: number): Promise<EventBody[]> {
    await eventually(async () => receiver.received(path).length >= count, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    return receiver.received(path).map((delivery) => JSON.parse(delivery.body) as EventBody);
  }

  async function finished(session: Session, headers: Record<string, string>, path: string) {
    return eventually(async () => {
      const response = await session.agent.get(path).set(headers).expect(200);
      return ['completed', 'failed'].includes(response.body.status) ? response.body : undefined;
    }, 30_000);
  }

  it('a CRM import sends one event per created and updated contact, and its Undo one per row it undoes', async () => {
    const { owner, headers } = await tenant('bulk-import', '/import', ['contact.*']);
    const tag = `bulk${Date.now()}`;
    const kept = await owner.agent
      .post('/api/crm/contacts')
      .set(headers)
      .send({ first_name: 'Kept', last_name: 'Before', email: `kept.${tag}@example.com` })
      .expect(201);
    await received('/import', 1);

    const header = ['First Name', 'Last Name', 'Email Address'];
    const rows = Array.from({ length: 40 }, (_, index) => [
      `Person${index}`,
      'Imported',
      `p${index}.${tag}@example.com`,
    ]);
    rows.push(['Kept', 'Changed', `kept.${tag}@example.com`]);
    const started = await owner.agent
      .post('/api/crm/imports')
      .set(headers)
      .send({
        entity: 'contacts',
        csv: toCsv([header, ...rows]),
        mapping: matchCrmImportColumns('contacts', header),
        duplicates: 'update',
      })
      .expect(202);
    const done = await finished(owner, headers, `/api/crm/imports/${started.body.id}`);
    expect(done).toMatchObject({ status: 'completed', created_count: 40, updated_count: 1 });
    const afterImport = (await received('/import', 42)).slice(1);
    expect(afterImport).toHaveLength(41);
    expect(afterImport.filter((event) => event.type === 'contact.created')).toHaveLength(40);
    const [updated] = afterImport.filter((event) => event.type === 'contact.updated');
    expect(updated?.data).toMatchObject({ id: kept.body.id, last_name: 'Changed' });
    expect(new Set(afterImport.map((event) => event.id)).size).toBe(41);

    await owner.agent.post(`/api/crm/imports/${started.body.id}/undo`).set(headers).expect(200);
    const afterUndo = (await received('/import', 83)).slice(42);
    expect(afterUndo.filter((event) => event.type === 'contact.deleted')).toHaveLength(40);
    const [restored] = afterUndo.filter((event) => event.type === 'contact.updated');
    expect(restored?.data).toMatchObject({ id: kept.body.id, last_name: 'Before' });
    expect(afterUndo).toHaveLength(41);
  });

  it('a bulk edit, a bulk delete and a CSV import of records send one event per record', async () => {
    const { owner, headers } = await tenant('bulk-records', '/records', ['record.*']);
    const csv = `title,status\r\n${Array.from({ length: 25 }, (_, index) => `Bulk task ${index},todo`).join('\r\n')}\r\n`;
    const started = await owner.agent.post(`${TASKS}/records/import`).set(headers).send({ csv }).expect(202);
    const done = await finished(owner, headers, `${TASKS}/imports/${started.body.id}`);
    expect(done.created_count).toBe(25);
    const created = await received('/records', 25);
    expect(created.every((event) => event.type === 'record.created')).toBe(true);
    expect(created[0]?.data).toMatchObject({ module_id: 'project', submodule_id: 'tasks' });
    const ids = created.map((event) => String(event.data.id));

    await owner.agent
      .post(`${TASKS}/records/bulk-update`)
      .set(headers)
      .send({ ids: ids.slice(0, 10), data: { status: 'review' } })
      .expect(200);
    const edited = (await received('/records', 35)).slice(25);
    expect(edited.map((event) => event.type)).toEqual(Array(10).fill('record.updated'));
    expect(edited.map((event) => event.data.id).sort()).toEqual(ids.slice(0, 10).sort());
    expect(edited[0]?.data).toMatchObject({
      version: 2,
      data: expect.objectContaining({ status: 'review' }),
    });

    await owner.agent
      .post(`${TASKS}/records/bulk-delete`)
      .set(headers)
      .send({ ids: ids.slice(10) })
      .expect(200);
    const deleted = (await received('/records', 50)).slice(35);
    expect(deleted.map((event) => event.type)).toEqual(Array(15).fill('record.deleted'));
    expect(receiver.received('/records')).toHaveLength(50);
  });
});
