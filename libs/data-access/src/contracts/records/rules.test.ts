import { findRecordSchema } from './catalogue';
import {
  ageOn,
  describeDerived,
  formula,
  gradeForScore,
  keptReferenceReads,
  LETTER_GRADE_SCALE,
  referencesReadByFormulas,
  withDerivedValues,
} from './formulas';
import type { RecordSchema } from './record-schema';
import { crossRecordConflicts } from './rules';
import { validateRecord } from './validate-record';

const TODAY = '2026-11-22';
const context = { today: TODAY };

function schemaOf(moduleId: string, submoduleId: string): RecordSchema {
  const schema = findRecordSchema(moduleId, submoduleId);
  if (!schema) throw new Error(`${moduleId}/${submoduleId} missing`);
  return schema;
}

describe('formulas', () => {
  it('counts the days between two dates', () => {
    expect(formula.daysBetween('a', 'b').compute({ a: '2026-12-01', b: '2026-12-04' }, context)).toBe(3);
    expect(formula.daysBetween('a', 'b').compute({ a: '2026-12-01', b: null }, context)).toBeNull();
  });

  it('multiplies to the cent and stays empty until both factors are set', () => {
    expect(formula.product('h', 'r').compute({ h: 1.5, r: 133.33 }, context)).toBe(200);
    expect(formula.product('h', 'r').compute({ h: 0.1, r: 0.2 }, context)).toBe(0.02);
    expect(formula.product('h', 'r').compute({ h: 2, r: null }, context)).toBeNull();
  });

  it('subtracts what is paid, nothing paid counting as zero', () => {
    expect(formula.difference('a', 'p').compute({ a: 100, p: 40.5 }, context)).toBe(59.5);
    expect(formula.difference('a', 'p').compute({ a: 100, p: null }, context)).toBe(100);
  });

  it('gives a defect rate in percent, empty without a sample', () => {
    expect(formula.percentOf('d', 's').compute({ d: 3, s: 120 }, context)).toBe(2.5);
    expect(formula.percentOf('d', 's').compute({ d: 3, s: 0 }, context)).toBeNull();
  });

  it('grades a score on the A–F scale at the band edges', () => {
    expect(gradeForScore(89.6, LETTER_GRADE_SCALE)).toBe('b');
    expect(gradeForScore(90, LETTER_GRADE_SCALE)).toBe('a');
    expect(gradeForScore(59.9, LETTER_GRADE_SCALE)).toBe('f');
    expect(gradeForScore(null, LETTER_GRADE_SCALE)).toBeNull();
  });

  it('counts an age in whole years, a birthday today included', () => {
    expect(ageOn('1984-11-22', TODAY)).toBe(42);
    expect(ageOn('1984-11-23', TODAY)).toBe(41);
    expect(ageOn('2027-01-01', TODAY)).toBeNull();
  });

  it('chains derived fields in schema order: total = nights × the room’s nightly rate', () => {
    const reservations = schemaOf('hotel', 'reservations');
    const values = withDerivedValues(
      reservations,
      { room: 'room-204', check_in: '2026-12-01', check_out: '2026-12-04' },
      { ...context, references: { room: { room_number: '204', nightly_rate: 120 } } },
    );
    expect(values.nightly_rate).toBe(120);
    expect(values.nights).toBe(3);
    expect(values.total).toBe(360);
  });

  it('reads a field of a referenced record, empty without a reference', () => {
    const rate = formula.fromReference('room', 'nightly_rate');
    const loaded = { ...context, references: { room: { nightly_rate: 189.5 } } };
    expect(rate.compute({ room: 'room-1' }, loaded)).toBe(189.5);
    expect(rate.compute({ room: null }, loaded)).toBeNull();
    expect(rate.compute({ room: 'room-1' }, { ...context, references: { room: { floor: 2 } } })).toBeNull();
    expect(rate.inputs).toEqual(['room']);
    expect(rate.referenceReads).toEqual([{ field: 'room', targetField: 'nightly_rate' }]);
  });

  it('keeps the stored value where the referenced record is not loaded (a form, an old text value)', () => {
    const reservations = schemaOf('hotel', 'reservations');
    const stored = {
      room: '204',
      check_in: '2026-12-01',
      check_out: '2026-12-03',
      nightly_rate: 99,
      nights: 2,
      total: 198,
    };
    expect(withDerivedValues(reservations, stored, context)).toMatchObject({ nightly_rate: 99, total: 198 });
    // The server loads what it can: a room that names no record leaves the stored rate too.
    expect(withDerivedValues(reservations, stored, { ...context, references: {} }).nightly_rate).toBe(99);
    // A new record has nothing stored: the rate waits for the server.
    const fresh = withDerivedValues(reservations, { ...stored, nightly_rate: null, total: null }, context);
    expect(fresh.nightly_rate).toBeNull();
    expect(fresh.total).toBeNull();
  });

  it('keeps a value read through a reference until the reference changes (a booked rate)', () => {
    const reservations = schemaOf('hotel', 'reservations');
    const booked = { room: 'room-1', check_in: '2026-12-01', check_out: '2026-12-03', nightly_rate: 120 };
    expect(keptReferenceReads(reservations, booked, { ...booked, check_out: '2026-12-05' })).toEqual({
      values: { nightly_rate: 120 },
      references: new Set(['room']),
    });
    // Another room, or nothing stored yet: the room's rate is read again.
    expect(keptReferenceReads(reservations, booked, { ...booked, room: 'room-2' })).toEqual({
      values: {},
      references: new Set(),
    });
    expect(keptReferenceReads(reservations, { ...booked, nightly_rate: null }, booked).references.size).toBe(
      0,
    );
  });

  it('describes a read through a reference with the target’s label', () => {
    const reservations = schemaOf('hotel', 'reservations');
    const rate = reservations.fields.find((field) => field.key === 'nightly_rate');
    if (!rate) throw new Error('nightly_rate missing');
    expect(describeDerived(reservations, rate, findRecordSchema)).toBe('Nightly rate of the room');
    expect(describeDerived(reservations, rate)).toBe('Nightly rate of the room');
    expect(referencesReadByFormulas(reservations).map((field) => field.key)).toEqual(['room']);
    expect(referencesReadByFormulas(schemaOf('healthcare', 'appointments'))).toEqual([]);
  });
});

describe('validateRecord with derived fields and cross-field rules', () => {
  const grades = schemaOf('education', 'grades');
  const base = {
    assessment: 'Essay',
    student: 's1',
    course: 'c1',
    score: 89.6,
    term: 'term_1',
    status: 'draft',
  };

  it('computes a derived value and ignores whatever was typed for it', () => {
    const result = validateRecord(grades, { ...base, letter_grade: 'f' }, { today: TODAY });
    expect(result).toMatchObject({ ok: true, value: { letter_grade: 'b' } });
  });

  const folios = schemaOf('hotel', 'billing-payments');
  const folio = { folio_number: 'FOL-1', guest_name: 'Amara Okafor', issued_on: '2026-11-01', amount: 100 };

  it('refuses a folio paid beyond its amount, on the paid field', () => {
    const result = validateRecord(folios, { ...folio, amount_paid: 120, status: 'paid' });
    expect(result).toEqual({ ok: false, errors: { amount_paid: 'Paid must be at most Amount' } });
  });

  it('refuses a folio whose status does not match its payments', () => {
    const result = validateRecord(folios, { ...folio, amount_paid: 40, status: 'open' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.status).toMatch(/Status must match what is paid/);
  });

  it('refuses a check-out that is not after the check-in', () => {
    const reservations = schemaOf('hotel', 'reservations');
    const result = validateRecord(reservations, {
      guest_name: 'Amara Okafor',
      room: '101',
      check_in: '2026-12-04',
      check_out: '2026-12-04',
      nightly_rate: 120,
      status: 'booked',
    });
    expect(result).toEqual({ ok: false, errors: { check_out: 'Check-out must be after Check-in' } });
  });

  it('refuses more defects than the sample and a pass above the acceptable defect rate', () => {
    const inspections = schemaOf('manufacturing', 'quality-control');
    const inspection = {
      inspection_number: 'QC-1',
      product: 'p1',
      inspected_on: '2026-11-01',
      sample_size: 10,
      result: 'conditional',
    };
    const tooMany = validateRecord(inspections, { ...inspection, defects_found: 11 });
    expect(tooMany).toEqual({
      ok: false,
      errors: { defects_found: 'Defects found must be at most Sample size' },
    });
    const pass = validateRecord(inspections, { ...inspection, defects_found: 5, result: 'pass' });
    expect(pass).toEqual({
      ok: false,
      errors: { result: 'A passed inspection allows a defect rate of at most 2.5%' },
    });
  });

  it('refuses a motorbike that carries 714 kg', () => {
    const fleet = schemaOf('logistics', 'fleet-management');
    const result = validateRecord(fleet, {
      name: 'Honda CB500',
      plate: 'ABC-1234',
      type: 'motorbike',
      capacity_kg: 714,
      status: 'available',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.capacity_kg).toMatch(/^Capacity must suit the vehicle type/);
  });

  it('leaves cross-field rules to the merged record on a partial update', () => {
    expect(validateRecord(folios, { amount_paid: 999 }, { partial: true })).toEqual({
      ok: true,
      value: { amount_paid: 999 },
    });
  });
});

describe('crossRecordConflicts', () => {
  const reservations = schemaOf('hotel', 'reservations');
  const stay = (room: string, checkIn: string, checkOut: string, status = 'booked') => ({
    guest_name: `Guest ${room}`,
    room,
    check_in: checkIn,
    check_out: checkOut,
    status,
  });
  const title = (values: Record<string, unknown>) => String(values.guest_name);

  it('finds a double booking of one room, not back-to-back stays or other rooms', () => {
    const conflicts = crossRecordConflicts(
      reservations,
      [
        stay('101', '2026-12-01', '2026-12-04'),
        stay('101', '2026-12-04', '2026-12-06'),
        stay('102', '2026-12-02', '2026-12-03'),
        stay('101', '2026-12-03', '2026-12-05'),
      ],
      title,
    );
    expect(conflicts).toEqual([
      {
        index: 3,
        field: 'room',
        message: 'Room 101 already has a reservation 2026-12-01 to 2026-12-04 (Guest 101)',
      },
    ]);
  });

  it('compares rooms by reference id and names the room by its number', () => {
    const id = '0a4d8c1e-0000-4000-8000-000000000204';
    const conflicts = crossRecordConflicts(
      reservations,
      [
        stay(id, '2026-12-01', '2026-12-04'),
        stay('0a4d8c1e-0000-4000-8000-000000000205', '2026-12-02', '2026-12-03'),
        { ...stay(id, '2026-12-03', '2026-12-05'), guest_name: 'Late Guest' },
      ],
      title,
      (field, value) => (field === 'room' && typeof value === 'string' ? value.slice(-3) : String(value)),
    );
    expect(conflicts).toEqual([
      {
        index: 2,
        field: 'room',
        message: `Room 204 already has a reservation 2026-12-01 to 2026-12-04 (Guest ${id})`,
      },
    ]);
  });

  it('lets a cancelled reservation free its room', () => {
    const conflicts = crossRecordConflicts(
      reservations,
      [stay('101', '2026-12-01', '2026-12-04', 'cancelled'), stay('101', '2026-12-02', '2026-12-03')],
      title,
    );
    expect(conflicts).toEqual([]);
  });

  it('finds a plate used twice, whatever its case', () => {
    const fleet = schemaOf('logistics', 'fleet-management');
    const conflicts = crossRecordConflicts(
      fleet,
      [
        { name: 'Van A', plate: 'ABC-1234' },
        { name: 'Van B', plate: 'abc-1234 ' },
      ],
      (values) => String(values.name),
    );
    expect(conflicts.map((conflict) => conflict.message)).toEqual([
      'Plate abc-1234  is already used by another vehicle (Van A)',
    ]);
  });
});
