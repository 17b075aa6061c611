import { RECORD_SCHEMAS } from '../contracts/records/catalogue';
import { crossRecordConflicts } from '../contracts/records/rules';
import { validateRecord } from '../contracts/records/validate-record';
import { seedRecordsFor } from './seed-records';

const TODAY = '2026-11-22';
const SEEDS = ['northwind-demo', 'riverside-demo', 'meridian-demo'];

/**
 * Every seeded record of every submodule obeys its schema: field validation, derived values,
 * cross-field rules (validateRecord) and cross-record rules (uniqueness, no double booking).
 */
describe('demo records are coherent', () => {
  for (const schema of RECORD_SCHEMAS) {
    it(`${schema.moduleId}/${schema.submoduleId} obeys every rule of its schema`, () => {
      for (const seed of SEEDS) {
        const records = seedRecordsFor(schema, {
          count: 24,
          seed,
          institutionName: 'Northwind Clinic',
          today: TODAY,
          resolveReference: (_moduleId, _submoduleId, index) =>
            `00000000-0000-4000-8000-${String(index % 24).padStart(12, '0')}`,
        });
        const problems: string[] = [];
        records.forEach((record, index) => {
          const result = validateRecord(schema, record, { today: TODAY });
          if (!result.ok) problems.push(`#${index}: ${Object.values(result.errors).join('; ')}`);
          // Derived values are stored as the formulas compute them.
          else expect(result.value).toEqual(record);
        });
        for (const conflict of crossRecordConflicts(schema, records, (values) =>
          String(values[schema.titleField]),
        ))
          problems.push(`#${conflict.index}: ${conflict.message}`);
        expect(problems).toEqual([]);
      }
    });
  }

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
