import { queryTestDatabase, type Session } from '../test/test-app';
import { useInstitutionIds, useTestApi } from '../test/test-fixture';
import type { QueryRunner } from 'typeorm';
import { linkTextReferences } from './catalogue-references.migration';
import { HousekeepingRooms1733598000000 } from './housekeeping-rooms.migration';

const api = (moduleId: string, submoduleId: string) => `/api/modules/${moduleId}/${submoduleId}/records`;
const RESERVATIONS = api('hotel', 'reservations');
const ROOMS = api('hotel', 'rooms');
const HOUSEKEEPING = api('hotel', 'housekeeping');
const PHYSICIANS = api('healthcare', 'physicians');
const DELIVERIES = api('logistics', 'last-mile-delivery');
const ORDERS = api('ecommerce', 'orders');
const FOLIOS = api('hotel', 'billing-payments');
const PATIENTS = api('healthcare', 'patients');
const APPOINTMENTS = api('healthcare', 'appointments');
const PRESCRIPTIONS = api('healthcare', 'pharmacy');
const GRADES = api('education', 'grades');
const INSPECTIONS = api('manufacturing', 'quality-control');
const PRODUCTS = api('manufacturing', 'product-lifecycle');
const FLEET = api('logistics', 'fleet-management');
const TIME_ENTRIES = api('professional-services', 'time-tracking');

async function countRecords(orgId: string, moduleId: string, submoduleId: string): Promise<number> {
  const [row] = await queryTestDatabase<{ count: string }>(
    'SELECT count(*) FROM records WHERE org_id = $1 AND module_id = $2 AND submodule_id = $3',
    [orgId, moduleId, submoduleId],
  );
  return Number(row?.count ?? 0);
}

async function firstId(session: Session, path: string, institution = 'acme'): Promise<string> {
  const page = await session.agent.get(`${path}?limit=1`).set(session.headers(institution)).expect(200);
  return page.body.rows[0].id;
}

describe('records: derived fields, domain rules and related records', () => {
  const {
    sessions: [demo, taylor],
  } = useTestApi(['demo@acme.test', 'taylor.brooks@acme.test']);
  const ids = useInstitutionIds();

  const post = (path: string, data: Record<string, unknown>, institution = 'acme') =>
    demo.agent.post(path).set(demo.headers(institution)).send({ data });

  /** A room of Acme's hotel by its number, made on first use (reservations point at its id). */
  const rooms = new Map<string, string>();
  async function room(number: string, nightlyRate = 150): Promise<string> {
    const known = rooms.get(number);
    if (known) return known;
    const created = await post(ROOMS, {
      room_number: number,
      room_type: 'double',
      capacity: 2,
      nightly_rate: nightlyRate,
      status: 'available',
    }).expect(201);
    rooms.set(number, created.body.id);
    return created.body.id;
  }

  async function reservation(
    number: string,
    checkIn: string,
    checkOut: string,
    extra: Record<string, unknown> = {},
  ): Promise<Record<string, unknown>> {
    return {
      guest_name: `Guest of ${number}`,
      room: await room(number),
      check_in: checkIn,
      check_out: checkOut,
      status: 'booked',
      ...extra,
    };
  }

  async function physician(fullName: string): Promise<string> {
    const created = await post(PHYSICIANS, {
      full_name: fullName,
      specialty: 'general_practice',
      status: 'active',
    }).expect(201);
    return created.body.id;
  }

  describe('derived fields', () => {
    it('computes nights and total of a reservation on the server, whatever was sent for them', async () => {
      const created = await post(
        RESERVATIONS,
        await reservation('D-101', '2031-03-01', '2031-03-04', { nights: 99, total: 1 }),
      ).expect(201);
      expect(created.body.data).toEqual(
        expect.objectContaining({ nightly_rate: 150, nights: 3, total: 450 }),
      );
      const updated = await demo.agent
        .patch(`${RESERVATIONS}/${created.body.id}`)
        .set(demo.headers('acme'))
        .send({ data: { check_out: '2031-03-06' } })
        .expect(200);
      expect(updated.body.data).toEqual(expect.objectContaining({ nights: 5, total: 750 }));
      const [stored] = await queryTestDatabase<{ data: Record<string, unknown> }>(
        'SELECT data FROM records WHERE id = $1',
        [created.body.id],
      );
      expect(stored?.data).toEqual(expect.objectContaining({ nights: 5, total: 750 }));
    });

    it('reads the nightly rate from the reservation’s room when booked, and keeps it when the room’s rate changes', async () => {
      const suite = await room('D-501', 210);
      const created = await post(RESERVATIONS, {
        ...(await reservation('D-501', '2031-09-01', '2031-09-03')),
        nightly_rate: 1,
      }).expect(201);
      expect(created.body.data).toEqual(
        expect.objectContaining({ room: suite, nightly_rate: 210, nights: 2, total: 420 }),
      );
      await demo.agent
        .patch(`${ROOMS}/${suite}`)
        .set(demo.headers('acme'))
        .send({ data: { nightly_rate: 230 } })
        .expect(200);
      // A booking keeps the rate it was made at, on reads, lists and later edits of other fields.
      const read = await demo.agent
        .get(`${RESERVATIONS}/${created.body.id}`)
        .set(demo.headers('acme'))
        .expect(200);
      expect(read.body.data).toEqual(expect.objectContaining({ nightly_rate: 210, total: 420 }));
      const longer = await demo.agent
        .patch(`${RESERVATIONS}/${created.body.id}`)
        .set(demo.headers('acme'))
        .send({ data: { check_out: '2031-09-04' } })
        .expect(200);
      expect(longer.body.data).toEqual(expect.objectContaining({ nightly_rate: 210, nights: 3, total: 630 }));
      const listed = await demo.agent
        .get(`${RESERVATIONS}?search=guest of d-501`)
        .set(demo.headers('acme'))
        .expect(200);
      expect(listed.body.rows[0].data).toEqual(expect.objectContaining({ nightly_rate: 210, total: 630 }));
      expect(listed.body.labels[suite]).toBe('D-501');
      // A new booking of the room, and a booking moved to another room, take the room's rate of now.
      const later = await post(RESERVATIONS, await reservation('D-501', '2031-10-01', '2031-10-02')).expect(
        201,
      );
      expect(later.body.data).toEqual(expect.objectContaining({ nightly_rate: 230, total: 230 }));
      const other = await room('D-504', 180);
      const moved = await demo.agent
        .patch(`${RESERVATIONS}/${created.body.id}`)
        .set(demo.headers('acme'))
        .send({ data: { room: other } })
        .expect(200);
      expect(moved.body.data).toEqual(
        expect.objectContaining({ room: other, nightly_rate: 180, total: 540 }),
      );
      const [stored] = await queryTestDatabase<{ data: Record<string, unknown> }>(
        'SELECT data FROM records WHERE id = $1',
        [created.body.id],
      );
      expect(stored?.data).toEqual(expect.objectContaining({ nightly_rate: 180, total: 540 }));
    });

    it('keeps the stored rate of a reservation whose room is old free text', async () => {
      const created = await post(RESERVATIONS, await reservation('D-502', '2031-09-10', '2031-09-12')).expect(
        201,
      );
      // As a database kept from before rooms were records holds it.
      await queryTestDatabase(`UPDATE records SET data = data || '{"room": "204"}'::jsonb WHERE id = $1`, [
        created.body.id,
      ]);
      const read = await demo.agent
        .get(`${RESERVATIONS}/${created.body.id}`)
        .set(demo.headers('acme'))
        .expect(200);
      expect(read.body.data).toEqual(expect.objectContaining({ room: '204', nightly_rate: 150, total: 300 }));
      await demo.agent
        .patch(`${RESERVATIONS}/${created.body.id}`)
        .set(demo.headers('acme'))
        .send({ data: { status: 'cancelled' } })
        .expect(200);
      const moved = await demo.agent
        .patch(`${RESERVATIONS}/${created.body.id}`)
        .set(demo.headers('acme'))
        .send({ data: { room: '205' } })
        .expect(400);
      expect(moved.body.errors).toEqual({ room: ['Room must be an existing record'] });
    });

    it('turns old free-text rooms and physicians into records the reservations and appointments point at', async () => {
      const stay = await post(RESERVATIONS, await reservation('D-503', '2031-11-01', '2031-11-04')).expect(
        201,
      );
      const patient = await firstId(demo, PATIENTS);
      const visit = await post(APPOINTMENTS, {
        reason: 'Old text visit',
        patient,
        physician: await physician('Dr. Placeholder'),
        start_time: '2031-11-02T08:00:00Z',
        end_time: '2031-11-02T08:20:00Z',
        type: 'check_up',
        status: 'scheduled',
      }).expect(201);
      // As a database kept from before rooms and physicians were records holds them.
      await queryTestDatabase(
        `UPDATE records SET data = data || '{"room": " d-777 "}'::jsonb WHERE id = $1`,
        [stay.body.id],
      );
      await queryTestDatabase(
        `UPDATE records SET data = data || '{"physician": "Dr. Old Text"}'::jsonb WHERE id = $1`,
        [visit.body.id],
      );
      await linkTextReferences((sql, params) => queryTestDatabase(sql, params));

      const read = await demo.agent
        .get(`${RESERVATIONS}/${stay.body.id}`)
        .set(demo.headers('acme'))
        .expect(200);
      const room = await demo.agent
        .get(`${ROOMS}/${read.body.data.room}`)
        .set(demo.headers('acme'))
        .expect(200);
      expect(room.body.data).toEqual(
        expect.objectContaining({ room_number: 'd-777', nightly_rate: 150, status: 'available' }),
      );
      expect(read.body.data).toEqual(expect.objectContaining({ nightly_rate: 150, total: 450 }));
      const appointment = await demo.agent
        .get(`${APPOINTMENTS}/${visit.body.id}`)
        .set(demo.headers('acme'))
        .expect(200);
      const doctor = await demo.agent
        .get(`${PHYSICIANS}/${appointment.body.data.physician}`)
        .set(demo.headers('acme'))
        .expect(200);
      expect(doctor.body.title).toBe('Dr. Old Text');
      // Run again, it changes nothing.
      const rooms = await countRecords(ids.acme, 'hotel', 'rooms');
      await linkTextReferences((sql, params) => queryTestDatabase(sql, params));
      expect(await countRecords(ids.acme, 'hotel', 'rooms')).toBe(rooms);
    });

    it('names a housekeeping task by its room’s number, and turns an old text room into that room', async () => {
      const suite = await room('D-601');
      const task = {
        task_type: 'checkout_clean',
        scheduled_date: '2031-12-01',
        room_status: 'dirty',
        priority: 'medium',
      };
      const made = await post(HOUSEKEEPING, { ...task, room: suite }).expect(201);
      expect(made.body.title).toBe('D-601');
      expect(made.body.data).toEqual(expect.objectContaining({ room: suite, room_number: 'D-601' }));
      const related = await demo.agent.get(`${ROOMS}/${suite}/related`).set(demo.headers('acme')).expect(200);
      expect(JSON.stringify(related.body)).toContain(made.body.id);

      // As a database kept from before: the room as text, which was also the task's title.
      const old = await post(HOUSEKEEPING, { ...task, room: suite }).expect(201);
      await queryTestDatabase(
        `UPDATE records SET data = (data - 'room_number') || '{"room": " d-601 "}'::jsonb, title = 'd-601' WHERE id = $1`,
        [old.body.id],
      );
      const runner = { query: (sql: string, params?: unknown[]) => queryTestDatabase(sql, params) };
      await new HousekeepingRooms1733598000000().up(runner as unknown as QueryRunner);
      const read = await demo.agent
        .get(`${HOUSEKEEPING}/${old.body.id}`)
        .set(demo.headers('acme'))
        .expect(200);
      expect(read.body.title).toBe('d-601');
      expect(read.body.data).toEqual(expect.objectContaining({ room: suite, room_number: 'd-601' }));
    });

    it('computes a letter grade from the score, a time entry amount and a patient age', async () => {
      const student = await firstId(demo, api('education', 'students'));
      const course = await firstId(demo, api('education', 'courses'));
      const grade = await post(GRADES, {
        assessment: 'Essay',
        student,
        course,
        score: 89.6,
        letter_grade: 'f',
        term: 'term_1',
        status: 'draft',
      }).expect(201);
      expect(grade.body.data.letter_grade).toBe('b');

      const project = await firstId(demo, api('professional-services', 'projects'));
      const entry = await post(TIME_ENTRIES, {
        description: 'Workshop facilitation',
        project,
        consultant: 'Amara Okafor',
        work_date: '2026-11-02',
        hours: 2.5,
        hourly_rate: 120,
        status: 'draft',
      }).expect(201);
      expect(entry.body.data.amount).toBe(300);

      const patient = await post(PATIENTS, {
        full_name: 'Age Tester',
        date_of_birth: '1990-01-01',
        status: 'active',
      }).expect(201);
      const today = new Date();
      const expected = today.getUTCFullYear() - 1990;
      expect(patient.body.data.age).toBe(expected);
    });

    it('filters and sorts by a derived field as stored', async () => {
      const filtered = await demo.agent
        .get(`${GRADES}?filter=letter_grade:b&sort=score&limit=100`)
        .set(demo.headers('acme'))
        .expect(200);
      expect(filtered.body.total).toBeGreaterThan(0);
      for (const row of filtered.body.rows) {
        expect(row.data.letter_grade).toBe('b');
        expect(row.data.score).toBeGreaterThanOrEqual(80);
        expect(row.data.score).toBeLessThan(90);
      }
    });

    it('sums a derived amount in insights as the records hold it', async () => {
      const entries = await demo.agent.get(`${TIME_ENTRIES}?limit=500`).set(demo.headers('acme')).expect(200);
      const expected = entries.body.rows
        .filter((row: { data: { status: string } }) => row.data.status !== 'invoiced')
        .reduce(
          (total: number, row: { data: { amount: number | null } }) => total + (row.data.amount ?? 0),
          0,
        );
      const insights = await demo.agent
        .get('/api/modules/professional-services/profitability/insights')
        .set(demo.headers('acme'))
        .expect(200);
      const kpi = insights.body.kpis.find(
        (candidate: { label: string }) => candidate.label === 'Time not yet invoiced',
      );
      expect(kpi.format).toBe('money');
      expect(kpi.value).toBeCloseTo(expected, 2);
      expect(expected).toBeGreaterThan(0);
    });

    it('exports derived values as CSV columns', async () => {
      const csv = await demo.agent
        .get(`${RESERVATIONS}/export.csv?search=guest of d-101`)
        .set(demo.headers('acme'))
        .expect(200);
      const [header, row] = csv.text.trim().split('\r\n');
      expect(header?.split(',')).toEqual(expect.arrayContaining(['nights', 'total']));
      expect(row).toMatch(/,5,750,|,5,750$/);
    });
  });

  describe('cross-field rules', () => {
    it('refuses a folio paid beyond its amount, with a message on Paid, and writes nothing', async () => {
      const before = await countRecords(ids.acme, 'hotel', 'billing-payments');
      const response = await post(FOLIOS, {
        folio_number: 'FOL-R1',
        guest_name: 'Amara Okafor',
        issued_on: '2026-11-01',
        amount: 100,
        amount_paid: 120,
        status: 'paid',
      }).expect(400);
      expect(response.body.errors).toEqual({ amount_paid: ['Paid must be at most Amount'] });
      expect(await countRecords(ids.acme, 'hotel', 'billing-payments')).toBe(before);
    });

    it('refuses a folio whose status does not match its payments and computes the balance', async () => {
      const base = {
        folio_number: 'FOL-R2',
        guest_name: 'Amara Okafor',
        issued_on: '2026-11-01',
        amount: 100,
        amount_paid: 40,
      };
      const refused = await post(FOLIOS, { ...base, status: 'open' }).expect(400);
      expect(refused.body.errors.status[0]).toMatch(/^Status must match what is paid/);
      const created = await post(FOLIOS, { ...base, status: 'partially_paid' }).expect(201);
      expect(created.body.data.balance).toBe(60);
    });

    it('refuses a check-out that is not after the check-in', async () => {
      const response = await post(
        RESERVATIONS,
        await reservation('D-102', '2031-03-04', '2031-03-04'),
      ).expect(400);
      expect(response.body.errors).toEqual({ check_out: ['Check-out must be after Check-in'] });
    });

    it('refuses an update that breaks a rule on the record as it would be', async () => {
      const created = await post(FOLIOS, {
        folio_number: 'FOL-R3',
        guest_name: 'Amara Okafor',
        issued_on: '2026-11-01',
        amount: 100,
        amount_paid: 100,
        status: 'paid',
      }).expect(201);
      const response = await demo.agent
        .patch(`${FOLIOS}/${created.body.id}`)
        .set(demo.headers('acme'))
        .send({ data: { amount: 80 } })
        .expect(400);
      expect(response.body.errors).toEqual({ amount_paid: ['Paid must be at most Amount'] });
    });

    it('refuses more defects than the sample, and a pass above the acceptable defect rate', async () => {
      const product = await firstId(demo, PRODUCTS);
      const inspection = {
        inspection_number: 'QC-R1',
        product,
        inspected_on: '2026-11-01',
        sample_size: 10,
      };
      const tooMany = await post(INSPECTIONS, { ...inspection, defects_found: 11, result: 'fail' }).expect(
        400,
      );
      expect(tooMany.body.errors).toEqual({ defects_found: ['Defects found must be at most Sample size'] });
      const pass = await post(INSPECTIONS, { ...inspection, defects_found: 5, result: 'pass' }).expect(400);
      expect(pass.body.errors).toEqual({
        result: ['A passed inspection allows a defect rate of at most 2.5%'],
      });
      const conditional = await post(INSPECTIONS, {
        ...inspection,
        defects_found: 5,
        result: 'conditional',
      }).expect(201);
      expect(conditional.body.data.defect_rate).toBe(50);
    });

    it('refuses a vehicle whose capacity does not suit its type', async () => {
      const response = await post(FLEET, {
        name: 'Volvo FH16',
        plate: 'RUL-0001',
        type: 'motorbike',
        capacity_kg: 714,
        status: 'available',
      }).expect(400);
      expect(response.body.errors.capacity_kg[0]).toMatch(/^Capacity must suit the vehicle type/);
    });
  });

  describe('cross-record rules', () => {
    it('refuses a double booking of a room with a clear message, not back-to-back or cancelled stays', async () => {
      await post(RESERVATIONS, await reservation('D-201', '2031-04-01', '2031-04-04')).expect(201);
      const before = await countRecords(ids.acme, 'hotel', 'reservations');
      const clash = await post(RESERVATIONS, {
        ...(await reservation('D-201', '2031-04-03', '2031-04-05')),
        guest_name: 'Second Guest',
      }).expect(400);
      // Compared by the room's id, named by its number.
      expect(clash.body.errors).toEqual({
        room: ['Room D-201 already has a reservation 2031-04-01 to 2031-04-04 (Guest of D-201)'],
      });
      expect(await countRecords(ids.acme, 'hotel', 'reservations')).toBe(before);
      await post(RESERVATIONS, await reservation('D-201', '2031-04-04', '2031-04-06')).expect(201);
      await post(
        RESERVATIONS,
        await reservation('D-202', '2031-04-01', '2031-04-03', { status: 'cancelled' }),
      ).expect(201);
      await post(RESERVATIONS, await reservation('D-202', '2031-04-02', '2031-04-03')).expect(201);
    });

    it('refuses moving a reservation onto a taken room, but not editing it in place', async () => {
      await post(RESERVATIONS, await reservation('D-301', '2031-05-01', '2031-05-05')).expect(201);
      const other = await post(RESERVATIONS, await reservation('D-302', '2031-05-02', '2031-05-03')).expect(
        201,
      );
      await demo.agent
        .patch(`${RESERVATIONS}/${other.body.id}`)
        .set(demo.headers('acme'))
        .send({ data: { check_out: '2031-05-04' } })
        .expect(200);
      const moved = await demo.agent
        .patch(`${RESERVATIONS}/${other.body.id}`)
        .set(demo.headers('acme'))
        .send({ data: { room: await room('D-301') } })
        .expect(400);
      expect(moved.body.errors.room[0]).toMatch(/^Room D-301 already has a reservation/);
    });

    it('lets only one of two simultaneous bookings of the same room through', async () => {
      const results = await Promise.all([
        post(RESERVATIONS, await reservation('D-401', '2031-06-01', '2031-06-03')),
        post(RESERVATIONS, await reservation('D-401', '2031-06-02', '2031-06-04')),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual([201, 400]);
    });

    it('refuses a double-booked physician slot', async () => {
      const patient = await firstId(demo, PATIENTS);
      const doctor = await physician('Dr. Rule Tester');
      const appointment = (start: string, end: string) => ({
        reason: 'Knee pain',
        patient,
        physician: doctor,
        start_time: start,
        end_time: end,
        type: 'consultation',
        status: 'scheduled',
      });
      await post(APPOINTMENTS, appointment('2031-07-01T09:00:00Z', '2031-07-01T09:30:00Z')).expect(201);
      const clash = await post(
        APPOINTMENTS,
        appointment('2031-07-01T09:15:00Z', '2031-07-01T09:45:00Z'),
      ).expect(400);
      expect(clash.body.errors).toEqual({
        physician: [
          'Physician Dr. Rule Tester already has an appointment 2031-07-01 09:00 UTC to 2031-07-01 09:30 UTC (Knee pain)',
        ],
      });
      await post(APPOINTMENTS, appointment('2031-07-01T09:30:00Z', '2031-07-01T10:00:00Z')).expect(201);
    });

    it('keeps a medical record number unique within an institution, not across institutions', async () => {
      const patient = { full_name: 'Mrn Tester', date_of_birth: '1980-05-05', status: 'active' };
      await post(PATIENTS, { ...patient, medical_record_number: 'MRN-RULE-1' }).expect(201);
      const taken = await post(PATIENTS, { ...patient, medical_record_number: 'mrn-rule-1' }).expect(400);
      expect(taken.body.errors).toEqual({
        medical_record_number: [
          'Medical record number mrn-rule-1 is already used by another patient (Mrn Tester)',
        ],
      });
      await post(PATIENTS, { ...patient, medical_record_number: 'MRN-RULE-1' }, 'northwind').expect(201);
    });

    it('keeps a plate unique within an institution', async () => {
      const vehicle = { name: 'Ford Transit', type: 'van', capacity_kg: 1_200, status: 'available' };
      await post(FLEET, { ...vehicle, plate: 'RUL-7777' }).expect(201);
      const taken = await post(FLEET, { ...vehicle, plate: 'RUL-7777' }).expect(400);
      expect(taken.body.errors.plate[0]).toMatch(/^Plate RUL-7777 is already used by another vehicle/);
    });

    it('refuses an imported row that clashes with a record or an earlier row of the same file', async () => {
      const path = `${api('logistics', 'fleet-management')}/import`;
      const csv = [
        'name,plate,type,capacity_kg,status',
        'Iveco Daily,RUL-7777,van,1500,available',
        'Iveco Daily,RUL-8888,van,1500,available',
        'Iveco Daily,RUL-8888,van,1500,available',
      ].join('\r\n');
      const started = await demo.agent.post(path).set(demo.headers('acme')).send({ csv }).expect(202);
      let status = started.body;
      for (
        let attempt = 0;
        attempt < 100 && status.status !== 'completed' && status.status !== 'failed';
        attempt++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const read = await demo.agent
          .get(`/api/modules/logistics/fleet-management/imports/${started.body.id}`)
          .set(demo.headers('acme'))
          .expect(200);
        status = read.body;
      }
      expect(status).toEqual(
        expect.objectContaining({ status: 'completed', created_count: 1, error_count: 2 }),
      );
      expect(status.errors.map((error: { row: number }) => error.row).sort()).toEqual([2, 4]);
    });
  });

  describe('related records', () => {
    it("lists a patient's appointments and prescriptions, grouped", async () => {
      const patient = await post(PATIENTS, {
        full_name: 'Related Tester',
        date_of_birth: '1975-03-03',
        status: 'active',
      }).expect(201);
      const appointment = await post(APPOINTMENTS, {
        reason: 'Lab results',
        patient: patient.body.id,
        physician: await physician('Dr. Related'),
        start_time: '2031-08-01T10:00:00Z',
        end_time: '2031-08-01T10:20:00Z',
        type: 'follow_up',
        status: 'scheduled',
      }).expect(201);
      const prescription = await post(PRESCRIPTIONS, {
        medication: 'Metformin 850 mg',
        patient: patient.body.id,
        prescribed_on: '2026-11-01',
        status: 'pending',
      }).expect(201);
      const related = await demo.agent
        .get(`${PATIENTS}/${patient.body.id}/related`)
        .set(demo.headers('acme'))
        .expect(200);
      expect(related.body.groups).toEqual([
        expect.objectContaining({
          submoduleId: 'appointments',
          entityNamePlural: 'Appointments',
          field: 'patient',
          total: 1,
          records: [{ id: appointment.body.id, title: 'Lab results' }],
        }),
        expect.objectContaining({
          submoduleId: 'pharmacy',
          entityNamePlural: 'Prescriptions',
          total: 1,
          records: [{ id: prescription.body.id, title: 'Metformin 850 mg' }],
        }),
      ]);
    });

    it('lists records of other modules pointing here, only from modules the caller may read', async () => {
      const delivery = await post(DELIVERIES, {
        tracking_number: 'TRK-REL-1',
        recipient: 'Amara Okafor',
        address: '12 Harbour Road, Lisbon',
        scheduled_date: '2031-10-01',
        status: 'scheduled',
      }).expect(201);
      const customer = await firstId(demo, api('ecommerce', 'customers'));
      const order = await post(ORDERS, {
        order_number: 'ORD-REL-1',
        customer,
        ordered_at: '2031-09-28T10:00:00Z',
        total: 84.5,
        payment_status: 'paid',
        fulfillment_status: 'shipped',
        delivery: delivery.body.id,
      }).expect(201);
      const related = await demo.agent
        .get(`${DELIVERIES}/${delivery.body.id}/related`)
        .set(demo.headers('acme'))
        .expect(200);
      expect(related.body.groups).toEqual([
        expect.objectContaining({
          moduleId: 'ecommerce',
          submoduleId: 'orders',
          field: 'delivery',
          fieldLabel: 'Delivery',
          total: 1,
          records: [{ id: order.body.id, title: 'ORD-REL-1' }],
        }),
      ]);

      // Taylor may read Logistics but not E-commerce: the delivery shows no orders to Taylor.
      const [member] = await queryTestDatabase<{ id: string }>('SELECT id FROM users WHERE email = $1', [
        'taylor.brooks@acme.test',
      ]);
      for (const [moduleId, level] of [
        ['logistics', 'read'],
        ['ecommerce', 'none'],
      ]) {
        await queryTestDatabase(
          `INSERT INTO member_module_access (institution_id, user_id, module_id, level) VALUES ($1, $2, $3, $4)
           ON CONFLICT (institution_id, user_id, module_id) DO UPDATE SET level = EXCLUDED.level`,
          [ids.acme, member?.id, moduleId, level],
        );
      }
      await taylor.agent.get(`${ORDERS}?limit=1`).set(taylor.headers('acme')).expect(403);
      const hidden = await taylor.agent
        .get(`${DELIVERIES}/${delivery.body.id}/related`)
        .set(taylor.headers('acme'))
        .expect(200);
      expect(hidden.body.groups).toEqual([]);
      // Given read on E-commerce, Taylor sees them.
      await queryTestDatabase(
        `UPDATE member_module_access SET level = 'read' WHERE institution_id = $1 AND user_id = $2 AND module_id = 'ecommerce'`,
        [ids.acme, member?.id],
      );
      const shown = await taylor.agent
        .get(`${DELIVERIES}/${delivery.body.id}/related`)
        .set(taylor.headers('acme'))
        .expect(200);
      expect(shown.body.groups.map((group: { moduleId: string }) => group.moduleId)).toEqual(['ecommerce']);
    });

    it('answers 404 for a record of another institution', async () => {
      const northwindPatient = await firstId(demo, PATIENTS, 'northwind');
      await demo.agent.get(`${PATIENTS}/${northwindPatient}/related`).set(demo.headers('acme')).expect(404);
    });
  });
});
