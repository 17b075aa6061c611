import { findRecordSchema } from './catalogue';
import { csvRowsToRecordInputs, parseCsv, recordsToCsv } from './record-csv';
import type { RecordSchema } from './record-schema';
import { seedRecordsFor } from '../../demo-data/seed-records';
import { validateRecord } from './validate-record';

function schemaOf(moduleId: string, submoduleId: string): RecordSchema {
  const schema = findRecordSchema(moduleId, submoduleId);
  if (!schema) throw new Error(`${moduleId}/${submoduleId} missing`);
  return schema;
}

const patients = schemaOf('healthcare', 'patients');

describe('parseCsv', () => {
  it('splits simple rows', () => {
    expect(parseCsv('a,b,c\n1,2,3')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('handles quotes, escaped quotes, commas and embedded newlines', () => {
    expect(parseCsv('name,note\r\n"Smith, J","He said ""hi""\r\nthen left"\r\n')).toEqual([
      ['name', 'note'],
      ['Smith, J', 'He said "hi"\r\nthen left'],
    ]);
  });

  it('accepts LF, CRLF and lone CR line ends and skips blank lines', () => {
    expect(parseCsv('a\r\n1\n\n2\r3\r\n\r\n')).toEqual([['a'], ['1'], ['2'], ['3']]);
  });

  it('keeps empty cells, including trailing ones', () => {
    expect(parseCsv('a,b,c\n,,\n1,,')).toEqual([
      ['a', 'b', 'c'],
      ['', '', ''],
      ['1', '', ''],
    ]);
  });

  it('drops a byte-order mark and tolerates a stray quote inside an unquoted cell', () => {
    expect(parseCsv('\uFEFFsize\n12" pizza')).toEqual([['size'], ['12" pizza']]);
  });

  it('keeps an unterminated quoted cell to the end of the text', () => {
    expect(parseCsv('a\n"open')).toEqual([['a'], ['open']]);
  });

  it('returns no rows for empty text', () => {
    expect(parseCsv('')).toEqual([]);
  });
});

describe('recordsToCsv', () => {
  it('writes a key header and CRLF rows', () => {
    const csv = recordsToCsv(patients, [{ full_name: 'Amara Okafor', status: 'active' }]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(patients.fields.map((field) => field.key).join(','));
    // The derived age stays empty without a date of birth.
    expect(row).toBe('Amara Okafor,,,,,,,,active');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('can write labels instead of keys', () => {
    const csv = recordsToCsv(patients, [], { header: 'label' });
    expect(csv).toBe(`${patients.fields.map((field) => field.label).join(',')}\r\n`);
  });
});

describe('CSV round trip', () => {
  const nasty = {
    full_name: 'Zoë "Ziggy" Müller, Jr.',
    medical_record_number: 'MRN-0001',
    date_of_birth: '1984-02-29',
    phone: '+1 (555) 010-1234',
    email: 'zoe.muller@example.com',
    insurance_provider: 'Blue, Shield\nPlan "A"\r\nline 3',
    primary_physician: '田中 医師 — 🩺',
    status: 'active',
  };

  it('brings nasty values back unchanged through validation', () => {
    const csv = recordsToCsv(patients, [nasty]);
    const { records, unmatchedColumns } = csvRowsToRecordInputs(patients, parseCsv(csv));
    expect(unmatchedColumns).toEqual([]);
    expect(records).toHaveLength(1);
    expect(records[0]?.rowNumber).toBe(2);
    const result = validateRecord(patients, records[0]?.values ?? {}, { today: '2026-11-22' });
    expect(result).toEqual({ ok: true, value: { ...nasty, age: 42 } });
  });

  it('round-trips seeded records of every type (numbers, booleans, date-times, references)', () => {
    for (const schema of [schemaOf('legal', 'time-billing'), schemaOf('hotel', 'restaurant-bar')]) {
      const seeded = seedRecordsFor(schema, {
        count: 25,
        seed: 'csv',
        institutionName: 'Meridian Hotels',
        today: '2026-11-22',
        resolveReference: (_module, _submodule, index) => `id-${index % 7}`,
      });
      const { records } = csvRowsToRecordInputs(schema, parseCsv(recordsToCsv(schema, seeded)));
      const back = records.map((record) => {
        const result = validateRecord(schema, record.values);
        if (!result.ok) throw new Error(JSON.stringify(result.errors));
        return result.value;
      });
      expect(back).toEqual(seeded);
    }
  });

  it('guards formulas in the file and gives the values back on import', () => {
    const csv = recordsToCsv(patients, [
      { full_name: '=HYPERLINK("http://evil.test")', phone: '+1 555 0100', status: 'active' },
    ]);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(csv).toContain("'+1 555 0100");
    const { records } = csvRowsToRecordInputs(patients, parseCsv(csv));
    expect(records[0]?.values.full_name).toBe('=HYPERLINK("http://evil.test")');
    expect(records[0]?.values.phone).toBe('+1 555 0100');
  });
});

describe('csvRowsToRecordInputs', () => {
  it('matches headers by key or label, case-insensitively, and reports the rest', () => {
    const rows = parseCsv(
      'FULL NAME, Status ,date_of_birth,Favourite colour,\nMei Chen,Active,1990-01-01,blue,x\n',
    );
    const { records, unmatchedColumns } = csvRowsToRecordInputs(patients, rows);
    expect(unmatchedColumns).toEqual(['Favourite colour']);
    expect(records).toEqual([
      { rowNumber: 2, values: { full_name: 'Mei Chen', status: 'Active', date_of_birth: '1990-01-01' } },
    ]);
    expect(validateRecord(patients, records[0]?.values ?? {}).ok).toBe(true);
  });

  it('leaves empty cells out so an import never clears a field', () => {
    const { records } = csvRowsToRecordInputs(patients, [
      ['full_name', 'phone'],
      ['Liam Bennett', '  '],
    ]);
    expect(records[0]?.values).toEqual({ full_name: 'Liam Bennett' });
  });

  it('numbers rows as a spreadsheet does, for error reports', () => {
    const { records } = csvRowsToRecordInputs(patients, [['full_name'], ['A'], ['B']]);
    expect(records.map((record) => record.rowNumber)).toEqual([2, 3]);
  });

  it('returns nothing for no rows', () => {
    expect(csvRowsToRecordInputs(patients, [])).toEqual({ records: [], unmatchedColumns: [] });
  });
});

describe('parseCsv edge cases', () => {
  it('reads trailing commas, quotes inside and after text, lone CR line ends and unterminated quotes', () => {
    expect(parseCsv('a,b,\r\n')).toEqual([['a', 'b', '']]);
    expect(parseCsv('a,')).toEqual([['a', '']]);
    expect(parseCsv('a,"x""y",z')).toEqual([['a', 'x"y', 'z']]);
    expect(parseCsv('a"b,c')).toEqual([['a"b', 'c']]);
    expect(parseCsv('"ab"cd,e')).toEqual([['abcd', 'e']]);
    expect(parseCsv('a\rb\n\nc')).toEqual([['a'], ['b'], ['c']]);
    expect(parseCsv('"line\r\nbreak",2\n""\n3')).toEqual([['line\r\nbreak', '2'], ['3']]);
    expect(parseCsv('"unterminated')).toEqual([['unterminated']]);
  });
});
