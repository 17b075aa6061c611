import { RECORD_SCHEMAS, recordSchemasInSeedOrder } from '../contracts/records/catalogue';
import type { RecordValues } from '../contracts/records/field-types';
import { referencesReadByFormulas } from '../contracts/records/formulas';
import { crossRecordConflicts } from '../contracts/records/rules';
import { validateRecord } from '../contracts/records/validate-record';
import { seedRecordsFor } from './seed-records';

const TODAY = '2026-11-22';
const SEEDS = ['northwind-demo', 'riverside-demo', 'meridian-demo'];
const COUNT = 24;

/** The id the n-th seeded record of a submodule gets here (the API's seeder uses real ids). */
function idOf(moduleId: string, submoduleId: string, index: number): string {
  return `${moduleId}/${submoduleId}#${index}`;
}

/**
 * One institution's demo records of every submodule, seeded the way the API seeds them:
 * referenced submodules first, references drawn from the records already made.
 */
function seedInstitution(seed: string): Map<string, RecordValues> {
  const records = new Map<string, RecordValues>();
  const counts = new Map<string, number>();
  for (const schema of recordSchemasInSeedOrder()) {
    const values = seedRecordsFor(schema, {
      count: COUNT,
      seed,
      institutionName: 'Northwind Clinic',
      today: TODAY,
      resolveReference: (moduleId, submoduleId, index) => {
        const made = counts.get(`${moduleId}/${submoduleId}`) ?? 0;
        return made ? idOf(moduleId, submoduleId, index % made) : null;
      },
      referencedValues: (_moduleId, _submoduleId, id) => records.get(id) ?? null,
    });
    values.forEach((record, index) => {
      records.set(idOf(schema.moduleId, schema.submoduleId, index), record);
    });
    counts.set(`${schema.moduleId}/${schema.submoduleId}`, values.length);
  }
  return records;
}

const INSTITUTIONS = new Map(SEEDS.map((seed) => [seed, seedInstitution(seed)]));

/**
 * Every seeded record of every submodule obeys its schema: field validation, derived values (those
 * read from a referenced record too), cross-field rules (validateRecord), cross-record rules
 * (uniqueness, no double booking) and references naming records of the target submodule.
 */
describe('demo records are coherent', () => {
  for (const schema of RECORD_SCHEMAS) {
    it(`${schema.moduleId}/${schema.submoduleId} obeys every rule of its schema`, () => {
      for (const seed of SEEDS) {
        const all = INSTITUTIONS.get(seed) ?? new Map<string, RecordValues>();
        const records = Array.from({ length: COUNT }, (_, index) =>
          all.get(idOf(schema.moduleId, schema.submoduleId, index)),
        ).filter((record): record is RecordValues => record !== undefined);
        expect(records).toHaveLength(COUNT);
        const problems: string[] = [];
        records.forEach((record, index) => {
          for (const field of schema.fields) {
            if (field.type !== 'reference' || record[field.key] === null) continue;
            const target = String(record[field.key]);
            if (
              !target.startsWith(`${field.reference.moduleId}/${field.reference.submoduleId}#`) ||
              !all.has(target)
            )
              problems.push(
                `#${index}: ${field.key} names no ${field.reference.submoduleId} record (${target})`,
              );
          }
          const references = Object.fromEntries(
            referencesReadByFormulas(schema).map((field) => [
              field.key,
              all.get(String(record[field.key])) ?? null,
            ]),
          );
          const result = validateRecord(schema, record, { today: TODAY, references });
          if (!result.ok) problems.push(`#${index}: ${Object.values(result.errors).join('; ')}`);
          // Derived values are stored as the formulas compute them.
          else expect(result.value).toEqual(record);
        });
        const nameOf = (_field: string, value: unknown): string => {
          const target = all.get(String(value));
          return target ? String(Object.values(target)[0]) : String(value);
        };
        for (const conflict of crossRecordConflicts(
          schema,
          records,
          (values) => String(values[schema.titleField]),
          nameOf,
        ))
          problems.push(`#${conflict.index}: ${conflict.message}`);
        expect(problems).toEqual([]);
      }
    });
  }

  it('reservations cost their room’s rate, and appointments name seeded physicians', () => {
    const all = INSTITUTIONS.get('northwind-demo') ?? new Map<string, RecordValues>();
    for (let index = 0; index < COUNT; index++) {
      const reservation = all.get(idOf('hotel', 'reservations', index));
      const room = all.get(String(reservation?.room));
      expect(room).toBeDefined();
      expect(reservation?.nightly_rate).toBe(room?.nightly_rate);
      expect(reservation?.total).toBeCloseTo(Number(reservation?.nights) * Number(room?.nightly_rate), 2);
      const appointment = all.get(idOf('healthcare', 'appointments', index));
      expect(String(all.get(String(appointment?.physician))?.full_name)).toMatch(/^Dr\. /);
    }
  });

  it('grades agree with their scores and folios never take more than they bill', () => {
    const grades = RECORD_SCHEMAS.find((schema) => schema.submoduleId === 'grades');
    const folios = RECORD_SCHEMAS.find((schema) => schema.submoduleId === 'billing-payments');
    if (!grades || !folios) throw new Error('schemas missing');
    const options = { count: 24, seed: 'x', institutionName: 'X', today: TODAY };
    for (const grade of seedRecordsFor(grades, options)) {
      const score = Number(grade.score);
      const expected = score >= 90 ? 'a' : score >= 80 ? 'b' : score >= 70 ? 'c' : score >= 60 ? 'd' : 'f';
      expect(grade.letter_grade).toBe(expected);
    }
    for (const folio of seedRecordsFor(folios, options)) {
      expect(Number(folio.amount_paid ?? 0)).toBeLessThanOrEqual(Number(folio.amount));
      expect(folio.balance).toBeCloseTo(Number(folio.amount) - Number(folio.amount_paid ?? 0), 2);
    }
  });
});
