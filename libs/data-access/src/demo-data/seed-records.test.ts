import { findRecordSchema, RECORD_SCHEMAS, recordSchemasInSeedOrder } from '../contracts/records/catalogue';
import type { RecordSchema } from '../contracts/records/record-schema';
import { validateRecord } from '../contracts/records/validate-record';
import { type SeedRecordsOptions, seedRecordsFor } from './seed-records';

const TODAY = '2026-11-22';

function optionsFor(seed: string | number, count = 20): SeedRecordsOptions {
  return {
    count,
    seed,
    institutionName: 'Northwind Clinic & Co',
    today: TODAY,
    resolveReference: (moduleId, submoduleId, index) => `${moduleId}/${submoduleId}#${index % 10}`,
  };
}

function schemaOf(moduleId: string, submoduleId: string): RecordSchema {
  const schema = findRecordSchema(moduleId, submoduleId);
  if (!schema) throw new Error(`${moduleId}/${submoduleId} missing`);
  return schema;
}

describe('seedRecordsFor', () => {
  it('is deterministic: same schema, seed and today give the same records', () => {
    for (const schema of RECORD_SCHEMAS) {
      expect(seedRecordsFor(schema, optionsFor(7))).toEqual(seedRecordsFor(schema, optionsFor(7)));
    }
  });

  it('changes with the seed', () => {
    const patients = schemaOf('healthcare', 'patients');
    expect(seedRecordsFor(patients, optionsFor(1))).not.toEqual(seedRecordsFor(patients, optionsFor(2)));
  });

  it('never calls Math.random', () => {
    const spy = jest.spyOn(Math, 'random');
    for (const schema of RECORD_SCHEMAS) seedRecordsFor(schema, optionsFor('no-math-random', 5));
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it.each(RECORD_SCHEMAS.map((schema) => [`${schema.moduleId}/${schema.submoduleId}`, schema] as const))(
    '%s: every seeded record passes validateRecord unchanged',
    (_name, schema) => {
      const records = seedRecordsFor(schema, optionsFor('valid', 40));
      expect(records).toHaveLength(40);
      for (const record of records) {
        const result = validateRecord(schema, record);
        if (!result.ok) throw new Error(`${JSON.stringify(result.errors)} in ${JSON.stringify(record)}`);
        expect(result.value).toEqual(record);
      }
    },
  );

  it('returns every field key, in schema order', () => {
    const schema = schemaOf('hotel', 'reservations');
    for (const record of seedRecordsFor(schema, optionsFor(3))) {
      expect(Object.keys(record)).toEqual(schema.fields.map((field) => field.key));
    }
  });

  it('makes realistic hotel reservations around today', () => {
    const records = seedRecordsFor(schemaOf('hotel', 'reservations'), {
      ...optionsFor(11, 30),
      resolveReference: (_moduleId, _submoduleId, index) => `room-${index % 8}`,
      referencedValues: (_moduleId, _submoduleId, id) => ({ nightly_rate: 100 + Number(id.slice(5)) }),
    });
    for (const record of records) {
      expect(record.guest_name).toMatch(/^\S+ \S+/);
      expect(String(record.room)).toMatch(/^room-\d+$/);
      const checkIn = Date.parse(String(record.check_in));
      const checkOut = Date.parse(String(record.check_out));
      const nights = (checkOut - checkIn) / 86_400_000;
      expect(nights).toBeGreaterThanOrEqual(1);
      expect(nights).toBeLessThanOrEqual(7);
      const fromToday = (checkIn - Date.parse(TODAY)) / 86_400_000;
      expect(fromToday).toBeGreaterThanOrEqual(-20);
      expect(fromToday).toBeLessThanOrEqual(40);
      // The rate is the room's (see referencedValues below).
      expect(record.nightly_rate).toBe(100 + Number(String(record.room).slice(5)));
      expect(['booked', 'checked_in', 'checked_out', 'cancelled']).toContain(record.status);
    }
  });

  it('derives e-mail addresses from the person and keeps them on example domains', () => {
    const staff = seedRecordsFor(schemaOf('education', 'staff-management'), optionsFor(5, 30));
    for (const member of staff) {
      if (member.email === null) continue;
      const [first] = String(member.full_name)
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .split(' ');
      expect(member.email).toMatch(/@northwind-clinic-and-co\.example\.com$/);
      expect(String(member.email).startsWith(`${first}.`)).toBe(true);
    }
    const patients = seedRecordsFor(schemaOf('healthcare', 'patients'), optionsFor(5, 30));
    for (const patient of patients) {
      if (patient.email !== null) expect(patient.email).toMatch(/@example\.com$/);
    }
  });

  it('gives a company contact a mailbox at the company', () => {
    for (const supplier of seedRecordsFor(schemaOf('retail', 'suppliers'), optionsFor(8, 20))) {
      if (supplier.email === null || supplier.name === null) continue;
      const host = String(supplier.name)
        .toLowerCase()
        .replace(/&/g, 'and')
        .replace(/[^a-z0-9]+/g, '-');
      expect(supplier.email).toMatch(new RegExp(`@${host}\\.example\\.com$`));
    }
  });

  it('numbers sequences from 1 and formats plates', () => {
    const invoices = seedRecordsFor(schemaOf('finance', 'invoicing'), optionsFor(1, 3));
    expect(invoices.map((invoice) => invoice.invoice_number)).toEqual(['INV-0001', 'INV-0002', 'INV-0003']);
    for (const vehicle of seedRecordsFor(schemaOf('logistics', 'fleet-management'), optionsFor(1, 10))) {
      expect(vehicle.plate).toMatch(/^[A-Z]{3}-\d{4}$/);
    }
  });

  it('fills references through the caller and leaves them empty without a resolver', () => {
    const appointments = schemaOf('healthcare', 'appointments');
    const calls: [string, string, number][] = [];
    const resolved = seedRecordsFor(appointments, {
      ...optionsFor(9, 5),
      resolveReference: (moduleId, submoduleId, index) => {
        calls.push([moduleId, submoduleId, index]);
        return `patient-${index % 3}`;
      },
    });
    // A patient and a physician per appointment.
    expect(calls).toHaveLength(10);
    for (const [moduleId, submoduleId, index] of calls) {
      expect([
        ['healthcare', 'patients'],
        ['healthcare', 'physicians'],
      ]).toContainEqual([moduleId, submoduleId]);
      expect(Number.isInteger(index) && index >= 0).toBe(true);
    }
    for (const record of resolved) expect(String(record.patient)).toMatch(/^patient-[0-2]$/);

    const { resolveReference: _none, ...withoutResolver } = optionsFor(9, 5);
    for (const record of seedRecordsFor(appointments, withoutResolver)) expect(record.patient).toBeNull();
  });

  it('keeps ends on or after starts, with appointment lengths in quarter hours', () => {
    for (const record of seedRecordsFor(schemaOf('healthcare', 'appointments'), optionsFor(4, 40))) {
      if (record.end_time === null) continue;
      const minutes = (Date.parse(String(record.end_time)) - Date.parse(String(record.start_time))) / 60_000;
      expect(minutes % 15).toBe(0);
      expect(minutes).toBeGreaterThanOrEqual(15);
      expect(minutes).toBeLessThanOrEqual(60);
    }
  });

  it('seeds the whole catalogue in reference order with resolvable ids', () => {
    const ids = new Map<string, string[]>();
    let total = 0;
    for (const schema of recordSchemasInSeedOrder()) {
      const key = `${schema.moduleId}/${schema.submoduleId}`;
      const records = seedRecordsFor(schema, {
        count: 8,
        seed: 'demo',
        institutionName: 'Demo',
        today: TODAY,
        resolveReference: (moduleId, submoduleId, index) => {
          const targets = ids.get(`${moduleId}/${submoduleId}`);
          return targets && targets.length > 0 ? (targets[index % targets.length] ?? null) : null;
        },
      });
      ids.set(
        key,
        records.map((_record, index) => `${key}:${index}`),
      );
      for (const record of records) {
        const result = validateRecord(schema, record);
        if (!result.ok) throw new Error(`${key}: ${JSON.stringify(result.errors)}`);
        for (const field of schema.fields) {
          if (field.type !== 'reference' || field.reference.submoduleId === schema.submoduleId) continue;
          // Required references always resolve because their targets were seeded first.
          if (field.required) expect(record[field.key]).not.toBeNull();
        }
      }
      total += records.length;
    }
    expect(total).toBe(RECORD_SCHEMAS.length * 8);
  });
});
