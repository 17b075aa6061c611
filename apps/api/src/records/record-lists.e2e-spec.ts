import { queryTestDatabase, signIn } from '../test/test-app';
import { useInstitutionIds, useTestApi } from '../test/test-fixture';

const TASKS = '/api/modules/project/tasks';
const INVOICES = '/api/modules/finance/invoicing';

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

describe('lists a practitioner can work in, and the workspace home', () => {
  const {
    api,
    sessions: [demo],
  } = useTestApi(['demo@acme.test']);
  const ids = useInstitutionIds();

  async function createTask(data: Record<string, unknown>): Promise<{ id: string; version: number }> {
    const created = await demo.agent
      .post(`${TASKS}/records`)
      .set(demo.headers('acme'))
      .send({ data })
      .expect(201);
    return created.body;
  }

  it('filters by any of several values of one field, narrowed by another field and a date range', async () => {
    const marker = `Filterable ${Date.now()}`;
    const review = await createTask({
      title: `${marker} a`,
      status: 'review',
      priority: 'high',
      due_date: isoDay(3),
    });
    const done = await createTask({
      title: `${marker} b`,
      status: 'done',
      priority: 'high',
      due_date: isoDay(5),
    });
    await createTask({ title: `${marker} c`, status: 'todo', priority: 'high', due_date: isoDay(4) });
    const both = await demo.agent
      .get(
        `${TASKS}/records?search=${encodeURIComponent(marker)}&filter=status:review&filter=status:done&filter=priority:high`,
      )
      .set(demo.headers('acme'))
      .expect(200);
    expect(both.body.rows.map((row: { id: string }) => row.id).sort()).toEqual([review.id, done.id].sort());
    const ranged = await demo.agent
      .get(
        `${TASKS}/records?search=${encodeURIComponent(marker)}&filter=status:review&filter=status:done&dateField=due_date&from=${isoDay(4)}&to=${isoDay(10)}`,
      )
      .set(demo.headers('acme'))
      .expect(200);
    expect(ranged.body.rows.map((row: { id: string }) => row.id)).toEqual([done.id]);
    const bad = await demo.agent
      .get(`${TASKS}/records?filter=status:nope`)
      .set(demo.headers('acme'))
      .expect(400);
    expect(bad.body.message).toMatch(/Status/);
  });

  it('sets a status on many records at once, all or nothing, with write access only', async () => {
    const a = await createTask({ title: 'Bulk a', status: 'todo' });
    const b = await createTask({ title: 'Bulk b', status: 'todo' });
    const result = await demo.agent
      .post(`${TASKS}/records/bulk-update`)
      .set(demo.headers('acme'))
      .send({ ids: [a.id, b.id], data: { status: 'review' } })
      .expect(200);
    expect(result.body).toEqual({ count: 2 });
    const rows = await queryTestDatabase<{ status: string; version: number }>(
      `SELECT data->>'status' AS status, version FROM records WHERE id = ANY($1)`,
      [[a.id, b.id]],
    );
    expect(rows).toEqual([
      { status: 'review', version: 2 },
      { status: 'review', version: 2 },
    ]);

    const invalid = await demo.agent
      .post(`${TASKS}/records/bulk-update`)
      .set(demo.headers('acme'))
      .send({ ids: [a.id, b.id], data: { status: 'nope' } })
      .expect(400);
    expect(invalid.body.message).toMatch(/Status/);
    // An id that is not a task of this institution refuses the whole change.
    await demo.agent
      .post(`${TASKS}/records/bulk-update`)
      .set(demo.headers('acme'))
      .send({ ids: [a.id, '00000000-0000-4000-8000-000000000000'], data: { status: 'done' } })
      .expect(404);
    const [unchanged] = await queryTestDatabase<{ status: string }>(
      `SELECT data->>'status' AS status FROM records WHERE id = $1`,
      [a.id],
    );
    expect(unchanged?.status).toBe('review');
    const empty = await demo.agent
      .post(`${TASKS}/records/bulk-update`)
      .set(demo.headers('acme'))
      .send({ ids: [], data: { status: 'done' } })
      .expect(400);
    expect(empty.body.message).toContain('Select at least one record');

    const viewer = await signIn(api, 'viewer@acme.test');
    await viewer.agent
      .post(`${TASKS}/records/bulk-delete`)
      .set(viewer.headers('acme'))
      .send({ ids: [a.id] })
      .expect(403);
    const deleted = await demo.agent
      .post(`${TASKS}/records/bulk-delete`)
      .set(demo.headers('acme'))
      .send({ ids: [a.id, b.id] })
      .expect(200);
    expect(deleted.body).toEqual({ count: 2 });
    const left = await queryTestDatabase('SELECT id FROM records WHERE id = ANY($1)', [[a.id, b.id]]);
    expect(left).toEqual([]);
  });

  it('refuses a bulk delete as a whole while other records point at one of them', async () => {
    const patients = await demo.agent
      .get('/api/modules/healthcare/appointments/records?limit=1')
      .set(demo.headers('acme'))
      .expect(200);
    const patientId = patients.body.rows[0].data.patient as string;
    const refused = await demo.agent
      .post('/api/modules/healthcare/patients/records/bulk-delete')
      .set(demo.headers('acme'))
      .send({ ids: [patientId] })
      .expect(409);
    expect(refused.body.message).toMatch(/used by/);
    const still = await queryTestDatabase('SELECT id FROM records WHERE id = $1', [patientId]);
    expect(still).toHaveLength(1);
  });

  it('keeps saved views per person: save, replace by name, list, delete', async () => {
    const saved = await demo.agent
      .post(`${TASKS}/saved-views`)
      .set(demo.headers('acme'))
      .send({ name: 'My review queue', query: 'view=table&f=status:review' })
      .expect(201);
    expect(saved.body).toEqual(
      expect.objectContaining({ name: 'My review queue', query: 'view=table&f=status:review' }),
    );
    await demo.agent
      .post(`${TASKS}/saved-views`)
      .set(demo.headers('acme'))
      .send({ name: 'my review queue', query: 'view=table&f=status:done' })
      .expect(201);
    const mine = await demo.agent.get(`${TASKS}/saved-views`).set(demo.headers('acme')).expect(200);
    expect(mine.body).toEqual([expect.objectContaining({ query: 'view=table&f=status:done' })]);

    const colleague = await signIn(api, 'jordan.kim@acme.test');
    const theirs = await colleague.agent
      .get(`${TASKS}/saved-views`)
      .set(colleague.headers('acme'))
      .expect(200);
    expect(theirs.body).toEqual([]);
    await colleague.agent
      .delete(`${TASKS}/saved-views/${mine.body[0].id}`)
      .set(colleague.headers('acme'))
      .expect(404);

    const nameless = await demo.agent
      .post(`${TASKS}/saved-views`)
      .set(demo.headers('acme'))
      .send({ name: '', query: 'view=table' })
      .expect(400);
    expect(nameless.body.message).toContain('Name the view');
    await demo.agent.delete(`${TASKS}/saved-views/${mine.body[0].id}`).set(demo.headers('acme')).expect(204);
    const none = await demo.agent.get(`${TASKS}/saved-views`).set(demo.headers('acme')).expect(200);
    expect(none.body).toEqual([]);
  });

  it('computes each home tile on its own, for modules the caller can read', async () => {
    // A home tile as the demo user reads it in Acme.
    const tile = (moduleId: string, tileId: string, status = 200) =>
      demo.agent
        .get(`/api/home/modules/${moduleId}/tiles/${tileId}`)
        .set(demo.headers('acme'))
        .expect(status);
    const before = await tile('finance', 'finance.open-invoices');
    expect(before.body).toEqual(
      expect.objectContaining({ id: 'finance.open-invoices', label: 'Open invoices', format: 'number' }),
    );
    await demo.agent
      .post(`${INVOICES}/records`)
      .set(demo.headers('acme'))
      .send({
        data: {
          invoice_number: `INV-T${Date.now()}`,
          customer: 'Tile Test Ltd',
          issue_date: isoDay(-3),
          due_date: isoDay(-1),
          amount: 1234,
          status: 'sent',
        },
      })
      .expect(201);
    const after = await tile('finance', 'finance.open-invoices');
    expect(after.body.value).toBe(before.body.value + 1);
    const outstanding = await tile('finance', 'finance.outstanding');
    expect(outstanding.body.format).toBe('money');
    expect(outstanding.body.value).toBeGreaterThanOrEqual(1234);
    // A tile of another module under this module's name is unknown.
    await tile('finance', 'hotel.occupancy-tonight', 404);
    const globex = await signIn(api, 'owner@globex.test');
    await globex.agent
      .get('/api/home/modules/hotel/tiles/hotel.occupancy-tonight')
      .set(globex.headers('globex'))
      .expect(403);

    const tonight = await tile('hotel', 'hotel.occupancy-tonight');
    // Reservations point at a room record (a room of its own, so no seeded stay overlaps).
    const room = await demo.agent
      .post('/api/modules/hotel/rooms/records')
      .set(demo.headers('acme'))
      .send({ data: { room_number: 'T-101', room_type: 'single', nightly_rate: 120, status: 'available' } })
      .expect(201);
    await demo.agent
      .post('/api/modules/hotel/reservations/records')
      .set(demo.headers('acme'))
      .send({
        data: {
          guest_name: 'Tonight Guest',
          room: room.body.id,
          check_in: isoDay(0),
          check_out: isoDay(2),
          nightly_rate: 120,
          status: 'checked_in',
        },
      })
      .expect(201);
    const more = await tile('hotel', 'hotel.occupancy-tonight');
    expect(more.body.value).toBe(tonight.body.value + 1);
  });

  it('lists the caller’s own due and overdue records, and the records they opened', async () => {
    const overdue = await createTask({ title: 'Overdue for home', status: 'todo', due_date: isoDay(-2) });
    await createTask({ title: 'Settled for home', status: 'done', due_date: isoDay(-2) });
    await createTask({ title: 'Later for home', status: 'todo', due_date: isoDay(9) });
    const due = await demo.agent.get('/api/home/due').set(demo.headers('acme')).expect(200);
    const titles = due.body.items.map((item: { title: string }) => item.title);
    expect(titles).not.toContain('Settled for home');
    expect(titles).not.toContain('Later for home');
    const mine = due.body.items.find((item: { id: string }) => item.id === overdue.id);
    if (due.body.truncated && !mine) return;
    expect(mine).toEqual(
      expect.objectContaining({
        moduleId: 'project',
        submoduleId: 'tasks',
        entityName: 'Task',
        overdue: true,
      }),
    );

    await demo.agent.get(`${TASKS}/records/${overdue.id}`).set(demo.headers('acme')).expect(200);
    const viewed = await demo.agent.get('/api/home/recently-viewed').set(demo.headers('acme')).expect(200);
    expect(viewed.body[0]).toEqual(
      expect.objectContaining({
        recordId: overdue.id,
        title: 'Overdue for home',
        path: `/modules/project/tasks/${overdue.id}`,
      }),
    );
    const colleague = await signIn(api, 'jordan.kim@acme.test');
    const theirs = await colleague.agent
      .get('/api/home/recently-viewed')
      .set(colleague.headers('acme'))
      .expect(200);
    expect(theirs.body.some((row: { recordId: string }) => row.recordId === overdue.id)).toBe(false);
    const [stored] = await queryTestDatabase<{ org_id: string }>(
      'SELECT org_id FROM recently_viewed_records WHERE record_id = $1',
      [overdue.id],
    );
    expect(stored?.org_id).toBe(ids.acme);
    await demo.agent.get('/api/home/due').expect(400);
  });
});
