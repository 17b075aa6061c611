import { queryTestDatabase, type Session, signIn } from '../test/test-app';
import { useInstitutionIds, useTestApi } from '../test/test-fixture';

const PATIENTS = '/api/modules/healthcare/patients/records';
const TASKS = '/api/modules/project/tasks/records';

async function countRecords(orgId: string, moduleId: string, submoduleId: string): Promise<number> {
  const [row] = await queryTestDatabase<{ count: string }>(
    'SELECT count(*) FROM records WHERE org_id = $1 AND module_id = $2 AND submodule_id = $3',
    [orgId, moduleId, submoduleId],
  );
  return Number(row?.count ?? 0);
}

async function waitForImport(session: Session, path: string, headers: Record<string, string>) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await session.agent.get(path).set(headers).expect(200);
    if (response.body.status === 'completed' || response.body.status === 'failed') return response.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('import did not finish');
}

describe('records engine', () => {
  const {
    api,
    sessions: [demo],
  } = useTestApi(['demo@acme.test']);
  const ids = useInstitutionIds();

  it('lists seeded records of a submodule, paginated, with a total', async () => {
    const response = await demo.agent.get(`${PATIENTS}?limit=5`).set(demo.headers('acme')).expect(200);
    expect(response.body.rows).toHaveLength(5);
    expect(response.body.total).toBeGreaterThanOrEqual(20);
    expect(response.body.rows[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        title: expect.any(String),
        version: 1,
        data: expect.objectContaining({ status: expect.any(String) }),
      }),
    );
  });

  it('creates, finds by search, updates with version checks and deletes a patient', async () => {
    const before = await countRecords(ids.acme, 'healthcare', 'patients');
    const created = await demo.agent
      .post(PATIENTS)
      .set(demo.headers('acme'))
      .send({
        data: {
          full_name: '  Zelda Quartermaine ',
          date_of_birth: '1984-02-29',
          email: 'zelda@example.com',
          status: 'active',
        },
      })
      .expect(201);
    expect(created.body.data.full_name).toBe('Zelda Quartermaine');
    expect(created.body.title).toBe('Zelda Quartermaine');
    expect(await countRecords(ids.acme, 'healthcare', 'patients')).toBe(before + 1);

    const found = await demo.agent
      .get(`${PATIENTS}?search=quarterMAINE`)
      .set(demo.headers('acme'))
      .expect(200);
    expect(found.body.rows.map((row: { id: string }) => row.id)).toEqual([created.body.id]);

    const updated = await demo.agent
      .patch(`${PATIENTS}/${created.body.id}`)
      .set(demo.headers('acme'))
      .send({ data: { status: 'inactive' }, version: 1 })
      .expect(200);
    expect(updated.body).toEqual(
      expect.objectContaining({
        version: 2,
        data: expect.objectContaining({ status: 'inactive', full_name: 'Zelda Quartermaine' }),
      }),
    );
    const stale = await demo.agent
      .patch(`${PATIENTS}/${created.body.id}`)
      .set(demo.headers('acme'))
      .send({ data: { status: 'active' }, version: 1 })
      .expect(409);
    expect(stale.body.message).toMatch(/changed by someone else/);

    await demo.agent.delete(`${PATIENTS}/${created.body.id}`).set(demo.headers('acme')).expect(204);
    await demo.agent.get(`${PATIENTS}/${created.body.id}`).set(demo.headers('acme')).expect(404);
  });

  it('refuses invalid records with a message per field and writes nothing', async () => {
    const before = await countRecords(ids.acme, 'healthcare', 'patients');
    const response = await demo.agent
      .post(PATIENTS)
      .set(demo.headers('acme'))
      .send({ data: { email: 'nope', status: 'sleeping', shoe_size: 44 } })
      .expect(400);
    expect(response.body.errors).toEqual({
      full_name: ['Full name is required'],
      date_of_birth: ['Date of birth is required'],
      email: [expect.stringMatching(/Email must be a valid email/)],
      status: [expect.stringMatching(/^Status must be one of/)],
      shoe_size: ['Unknown field: shoe_size'],
    });
    expect(await countRecords(ids.acme, 'healthcare', 'patients')).toBe(before);
  });

  it('sorts by a schema field, filters by a field and refuses other sorts', async () => {
    const sorted = await demo.agent
      .get(`${TASKS}?sort=estimate_hours&direction=desc&limit=50`)
      .set(demo.headers('acme'))
      .expect(200);
    const hours = sorted.body.rows
      .map((row: { data: { estimate_hours: number | null } }) => row.data.estimate_hours)
      .filter((value: number | null) => value !== null);
    expect(hours).toEqual([...hours].sort((a: number, b: number) => b - a));
    const done = await demo.agent
      .get(`${TASKS}?filter=status:done&limit=100`)
      .set(demo.headers('acme'))
      .expect(200);
    expect(done.body.rows.every((row: { data: { status: string } }) => row.data.status === 'done')).toBe(
      true,
    );
    await demo.agent.get(`${TASKS}?sort=description`).set(demo.headers('acme')).expect(400);
    await demo.agent.get(`${TASKS}?filter=status:exploded`).set(demo.headers('acme')).expect(400);
  });

  it('checks references point at records of the same institution and blocks deleting a referenced record', async () => {
    const appointments = await demo.agent
      .get('/api/modules/healthcare/appointments/records?limit=1')
      .set(demo.headers('acme'))
      .expect(200);
    const patientId = appointments.body.rows[0].data.patient as string;
    expect(appointments.body.labels[patientId]).toEqual(expect.any(String));
    await demo.agent.delete(`${PATIENTS}/${patientId}`).set(demo.headers('acme')).expect(409);

    const northwindPatients = await demo.agent
      .get(`${PATIENTS}?limit=1`)
      .set(demo.headers('northwind'))
      .expect(200);
    const foreignPatient = northwindPatients.body.rows[0].id as string;
    const response = await demo.agent
      .post('/api/modules/healthcare/appointments/records')
      .set(demo.headers('acme'))
      .send({
        data: {
          reason: 'Check',
          patient: foreignPatient,
          physician: 'Dr. A',
          start_time: '2026-12-01T09:00:00Z',
          end_time: '2026-12-01T09:20:00Z',
          type: 'check_up',
          status: 'scheduled',
        },
      })
      .expect(400);
    expect(response.body.errors.patient).toEqual(['Patient must be an existing record']);
  });

  it('keeps institutions apart: foreign ids answer 404, foreign institutions 403', async () => {
    const task = (await demo.agent.get(`${TASKS}?limit=1`).set(demo.headers('acme')).expect(200)).body
      .rows[0];
    const globex = await signIn(api, 'owner@globex.test');
    await globex.agent.get(`${TASKS}/${task.id}`).set(globex.headers('globex')).expect(404);
    await globex.agent
      .patch(`${TASKS}/${task.id}`)
      .set(globex.headers('globex'))
      .send({ data: { status: 'done' } })
      .expect(404);
    await globex.agent.delete(`${TASKS}/${task.id}`).set(globex.headers('globex')).expect(404);
    await globex.agent.get(TASKS).set({ 'X-Institution-Id': ids.acme }).expect(403);
    const theirs = await globex.agent.get(`${TASKS}?limit=100`).set(globex.headers('globex')).expect(200);
    expect(theirs.body.rows.some((row: { id: string }) => row.id === task.id)).toBe(false);
  });

  it('gives read level no writes, and hides modules outside the plan', async () => {
    const viewer = await signIn(api, 'viewer@acme.test');
    await viewer.agent.get(TASKS).set(viewer.headers('acme')).expect(200);
    await viewer.agent
      .post(TASKS)
      .set(viewer.headers('acme'))
      .send({ data: { title: 'x', status: 'todo' } })
      .expect(403);
    const globex = await signIn(api, 'owner@globex.test');
    const hotel = await globex.agent
      .get('/api/modules/hotel/reservations/records')
      .set(globex.headers('globex'))
      .expect(403);
    expect(hotel.body.message).toBe('The Hotel Management module is not enabled for this institution');
  });

  it('round-trips CSV: export, import with progress, and a per-row error report', async () => {
    const exported = await demo.agent
      .get('/api/modules/finance/expenses/records/export.csv')
      .set(demo.headers('acme'))
      .expect(200);
    expect(exported.headers['content-type']).toMatch(/text\/csv/);
    const lines = exported.text.trim().split('\r\n');
    const before = await countRecords(ids.acme, 'finance', 'expenses');
    expect(lines.length - 1).toBe(before);

    const badRow = lines[0]
      ?.split(',')
      .map(() => '')
      .join(',');
    const csv = `${lines.join('\r\n')}\r\n${badRow}x\r\n`;
    const started = await demo.agent
      .post('/api/modules/finance/expenses/records/import')
      .set(demo.headers('acme'))
      .send({ csv })
      .expect(202);
    expect(started.body.total_rows).toBe(before + 1);
    const finished = await waitForImport(
      demo,
      `/api/modules/finance/expenses/imports/${started.body.id}`,
      demo.headers('acme'),
    );
    expect(finished).toEqual(
      expect.objectContaining({
        status: 'completed',
        processed_rows: before + 1,
        created_count: before,
        error_count: 1,
      }),
    );
    expect(finished.errors[0].row).toBe(before + 2);
    expect(await countRecords(ids.acme, 'finance', 'expenses')).toBe(2 * before);

    const unknown = await demo.agent
      .post('/api/modules/finance/expenses/records/import')
      .set(demo.headers('acme'))
      .send({ csv: 'nonsense\r\n1\r\n' })
      .expect(400);
    expect(unknown.body.message).toMatch(/^Unknown columns: nonsense/);
  });

  it('imports thousands of rows in batches', async () => {
    const rows = Array.from({ length: 3000 }, (_, index) => `Imported task ${index},todo`);
    const csv = `title,status\r\n${rows.join('\r\n')}\r\n`;
    const before = await countRecords(ids.acme, 'project', 'tasks');
    const started = await demo.agent
      .post(`${TASKS.replace('/records', '')}/records/import`)
      .set(demo.headers('acme'))
      .send({ csv })
      .expect(202);
    const finished = await waitForImport(
      demo,
      `/api/modules/project/tasks/imports/${started.body.id}`,
      demo.headers('acme'),
    );
    expect(finished.created_count).toBe(3000);
    expect(await countRecords(ids.acme, 'project', 'tasks')).toBe(before + 3000);
  });

  it('computes overview KPIs from the module’s records', async () => {
    const overview = await demo.agent
      .get('/api/modules/healthcare/overview/insights')
      .set(demo.headers('northwind'))
      .expect(200);
    expect(overview.body.kpis.length).toBeGreaterThan(0);
    const activePatients = overview.body.kpis.find(
      (kpi: { label: string }) => kpi.label === 'Active patients',
    );
    const [active] = await queryTestDatabase<{ count: string }>(
      `SELECT count(*) FROM records WHERE org_id = $1 AND module_id = 'healthcare' AND submodule_id = 'patients' AND data->>'status' = 'active'`,
      [ids.northwind],
    );
    expect(activePatients.value).toBe(Number(active?.count));
    expect(activePatients.value).toBeGreaterThan(0);
    expect(overview.body.charts.every((chart: { points: unknown[] }) => Array.isArray(chart.points))).toBe(
      true,
    );
  });

  it('keeps only records whose dates overlap a range (a calendar month)', async () => {
    const path = '/api/modules/hotel/reservations/records';
    // Reservations point at a room record (a room of its own, so no seeded stay overlaps).
    const room = await demo.agent
      .post('/api/modules/hotel/rooms/records')
      .set(demo.headers('acme'))
      .send({ data: { room_number: 'T-901', room_type: 'single', nightly_rate: 120, status: 'available' } })
      .expect(201);
    const created = await demo.agent
      .post(path)
      .set(demo.headers('acme'))
      .send({
        data: {
          guest_name: 'Range Guest',
          room: room.body.id,
          check_in: '2031-01-30',
          check_out: '2031-02-02',
          status: 'booked',
          nightly_rate: 120,
        },
      });
    expect(created.status).toBe(201);
    const query = (from: string, to: string) =>
      demo.agent
        .get(`${path}?dateField=check_in&dateEndField=check_out&from=${from}&to=${to}&limit=500`)
        .set(demo.headers('acme'))
        .expect(200);
    const ids = (response: { body: { rows: Array<{ id: string }> } }) =>
      response.body.rows.map((row) => row.id);
    // A stay from 30 Jan to 2 Feb shows in January and in February, not in March.
    expect(ids(await query('2031-01-01', '2031-01-31'))).toContain(created.body.id);
    expect(ids(await query('2031-02-01', '2031-02-28'))).toContain(created.body.id);
    expect(ids(await query('2031-03-01', '2031-03-31'))).not.toContain(created.body.id);
    await demo.agent
      .get(`${path}?dateField=guest_name&from=2031-01-01`)
      .set(demo.headers('acme'))
      .expect(400);
    await demo.agent
      .get(`${path}?dateField=check_in&from=2031-02-01&to=2031-01-01`)
      .set(demo.headers('acme'))
      .expect(400);
  });

  it('answers 404 for submodules that keep no records', async () => {
    await demo.agent.get('/api/modules/healthcare/nonsense/records').set(demo.headers('acme')).expect(404);
    await demo.agent.get('/api/modules/crm/contacts/records').set(demo.headers('acme')).expect(404);
  });
});
