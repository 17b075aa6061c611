import { findRecordSchema } from './catalogue';
import { recordField as f } from './field-builders';
import { defineRecordSchema, type RecordSchema } from './record-schema';
import {
  parseIsoDate,
  parseIsoDateTime,
  RECORD_ERROR_KEY,
  validateFieldValue,
  validateRecord,
} from './validate-record';

// One field of every type, so each rule and message is exercised in isolation.
const everyType = defineRecordSchema({
  moduleId: 'test',
  submoduleId: 'everything',
  entityName: 'Thing',
  fields: [
    f.text('full_name', 'Full name', { required: true, maxLength: 20 }),
    f.longText('notes', 'Notes', { maxLength: 50 }),
    f.number('guests', 'Guests', { min: 1, max: 10, integer: true }),
    f.number('score', 'Score', { min: -5, max: 5 }),
    f.money('nightly_rate', 'Nightly rate'),
    f.date('check_in', 'Check-in'),
    f.date('check_out', 'Check-out'),
    f.dateTime('start', 'Start'),
    f.enum('status', 'Status', ['active', 'inactive', 'in_progress']),
    f.boolean('vip', 'VIP'),
    f.email('email', 'Email'),
    f.phone('phone', 'Phone'),
    f.url('website', 'Website'),
    f.reference('patient', 'Patient', 'healthcare/patients', 'full_name'),
  ],
  titleField: 'full_name',
  calendarField: 'check_in',
  calendarEndField: 'check_out',
});

function errorsOf(
  schema: RecordSchema,
  input: Record<string, unknown>,
  partial = false,
): Record<string, string> {
  const result = validateRecord(schema, input, { partial });
  return result.ok ? {} : result.errors;
}

function validValues(
  schema: RecordSchema,
  input: Record<string, unknown>,
  partial = false,
): Record<string, unknown> {
  const result = validateRecord(schema, input, { partial });
  if (!result.ok) throw new Error(`unexpected errors: ${JSON.stringify(result.errors)}`);
  return result.value;
}

describe('validateRecord: required and empty values', () => {
  it('reports a missing required field by its label', () => {
    expect(errorsOf(everyType, {})).toEqual({ full_name: 'Full name is required' });
  });

  it('treats null, blank and whitespace-only text as missing', () => {
    for (const empty of [null, '', '   ']) {
      expect(errorsOf(everyType, { full_name: empty })).toEqual({ full_name: 'Full name is required' });
    }
  });

  it('returns every field on create, null where empty', () => {
    const value = validValues(everyType, { full_name: '  Amara Okafor  ', notes: '' });
    expect(value.full_name).toBe('Amara Okafor');
    expect(Object.keys(value).sort()).toEqual(everyType.fields.map((field) => field.key).sort());
    expect(value.notes).toBeNull();
    expect(value.vip).toBeNull();
  });

  it('keeps false as a value, not as empty', () => {
    expect(validValues(everyType, { full_name: 'A', vip: false }).vip).toBe(false);
    expect(validValues(everyType, { full_name: 'A', guests: 1, score: 0 }).score).toBe(0);
  });
});

describe('validateRecord: unknown fields and bad input', () => {
  it('refuses keys the schema does not know', () => {
    expect(errorsOf(everyType, { full_name: 'A', foo: 1 })).toEqual({ foo: 'Unknown field: foo' });
  });

  it('ignores keys whose value is undefined', () => {
    expect(validateRecord(everyType, { full_name: 'A', foo: undefined }).ok).toBe(true);
  });

  it('refuses input that is not an object', () => {
    for (const input of [null, 'text', 42, [], new Date()]) {
      const result = validateRecord(everyType, input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors[RECORD_ERROR_KEY]).toBe('Thing must be an object of field values');
    }
  });

  it('reports every problem at once', () => {
    expect(errorsOf(everyType, { email: 'nope', guests: 0, bogus: 'x' })).toEqual({
      full_name: 'Full name is required',
      email: 'Email must be a valid email address',
      guests: 'Guests must be at least 1',
      bogus: 'Unknown field: bogus',
    });
  });
});

describe('validateRecord: partial mode (updates)', () => {
  it('skips required checks for absent keys and returns only the keys sent', () => {
    expect(validValues(everyType, { status: 'Active' }, true)).toEqual({ status: 'active' });
  });

  it('still refuses clearing a required field', () => {
    expect(errorsOf(everyType, { full_name: '' }, true)).toEqual({ full_name: 'Full name is required' });
    expect(errorsOf(everyType, { full_name: null }, true)).toEqual({ full_name: 'Full name is required' });
  });

  it('clears an optional field with null', () => {
    expect(validValues(everyType, { notes: null }, true)).toEqual({ notes: null });
  });

  it('still validates values and unknown keys', () => {
    expect(errorsOf(everyType, { email: 'x@', foo: 'bar' }, true)).toEqual({
      email: 'Email must be a valid email address',
      foo: 'Unknown field: foo',
    });
  });

  it('checks date order only when both ends are in the patch', () => {
    expect(validateRecord(everyType, { check_out: '2026-01-01' }, { partial: true }).ok).toBe(true);
    expect(errorsOf(everyType, { check_in: '2026-01-05', check_out: '2026-01-01' }, true)).toEqual({
      check_out: 'Check-out must be on or after Check-in',
    });
  });
});

describe('validateRecord: text, e-mail, phone, URL', () => {
  it('enforces maxLength with the limit in the message', () => {
    expect(errorsOf(everyType, { full_name: 'x'.repeat(21) })).toEqual({
      full_name: 'Full name must be at most 20 characters',
    });
    expect(errorsOf(everyType, { full_name: 'A', notes: 'y'.repeat(51) })).toEqual({
      notes: 'Notes must be at most 50 characters',
    });
  });

  it('accepts numbers as text but not objects', () => {
    expect(validValues(everyType, { full_name: 42 }).full_name).toBe('42');
    expect(errorsOf(everyType, { full_name: { a: 1 } })).toEqual({ full_name: 'Full name must be text' });
    expect(errorsOf(everyType, { full_name: true })).toEqual({ full_name: 'Full name must be text' });
  });

  it('keeps unicode text intact', () => {
    expect(validValues(everyType, { full_name: ' Zoë Müller–García 👋 ' }).full_name).toBe(
      'Zoë Müller–García 👋',
    );
  });

  it.each(['amara@example.com', 'a.b+tag@sub.example.co.uk'])('accepts e-mail %s', (email) => {
    expect(validValues(everyType, { full_name: 'A', email: ` ${email} ` }).email).toBe(email);
  });

  it.each(['plainaddress', 'a@b', '@example.com', 'a b@example.com', 'a@example.'])(
    'refuses e-mail %s',
    (email) => {
      expect(errorsOf(everyType, { full_name: 'A', email })).toEqual({
        email: 'Email must be a valid email address',
      });
    },
  );

  it.each(['+1 (555) 010-1234', '020 7946 0958', '+44-20-7946-0958', '555.0100'])(
    'accepts phone %s',
    (phone) => {
      expect(validateRecord(everyType, { full_name: 'A', phone }).ok).toBe(true);
    },
  );

  it.each(['call me', '12', '+1 555 0100 1234 5678 90', '555-CALL'])('refuses phone %s', (phone) => {
    expect(errorsOf(everyType, { full_name: 'A', phone })).toEqual({
      phone: 'Phone must be a valid phone number',
    });
  });

  it('collapses runs of spaces in phone numbers', () => {
    expect(validValues(everyType, { full_name: 'A', phone: '+1  555   0100' }).phone).toBe('+1 555 0100');
  });

  it('accepts web addresses and adds https:// when the scheme is missing', () => {
    expect(validValues(everyType, { full_name: 'A', website: 'https://example.com/a?b=1' }).website).toBe(
      'https://example.com/a?b=1',
    );
    expect(validValues(everyType, { full_name: 'A', website: 'www.example.com' }).website).toBe(
      'https://www.example.com',
    );
  });

  it.each(['not a url', 'ftp://example.com', 'javascript:alert(1)', 'https://localhost', 'http://'])(
    'refuses URL %s',
    (website) => {
      expect(errorsOf(everyType, { full_name: 'A', website })).toEqual({
        website: 'Website must be a valid URL',
      });
    },
  );
});

describe('validateRecord: numbers and money', () => {
  it('reads numbers from numeric strings, with thousands separators', () => {
    const value = validValues(everyType, {
      full_name: 'A',
      guests: ' 3 ',
      score: '-2.5',
      nightly_rate: '1,234.50',
    });
    expect(value).toMatchObject({ guests: 3, score: -2.5, nightly_rate: 1234.5 });
  });

  it('strips a leading currency symbol from amounts', () => {
    expect(validValues(everyType, { full_name: 'A', nightly_rate: '$189.99' }).nightly_rate).toBe(189.99);
    expect(validValues(everyType, { full_name: 'A', nightly_rate: '€ 75' }).nightly_rate).toBe(75);
  });

  it('refuses text that is not a number', () => {
    expect(errorsOf(everyType, { full_name: 'A', score: 'abc' })).toEqual({
      score: 'Score must be a number',
    });
    expect(errorsOf(everyType, { full_name: 'A', score: '1,2' })).toEqual({
      score: 'Score must be a number',
    });
    expect(errorsOf(everyType, { full_name: 'A', score: Number.NaN })).toEqual({
      score: 'Score must be a number',
    });
    expect(errorsOf(everyType, { full_name: 'A', nightly_rate: 'ten' })).toEqual({
      nightly_rate: 'Nightly rate must be an amount',
    });
  });

  it('enforces min, max and whole numbers', () => {
    expect(errorsOf(everyType, { full_name: 'A', guests: 11 })).toEqual({
      guests: 'Guests must be at most 10',
    });
    expect(errorsOf(everyType, { full_name: 'A', guests: 2.5 })).toEqual({
      guests: 'Guests must be a whole number',
    });
    expect(errorsOf(everyType, { full_name: 'A', score: -6 })).toEqual({
      score: 'Score must be at least -5',
    });
  });

  it('refuses negative amounts and more than two decimals', () => {
    expect(errorsOf(everyType, { full_name: 'A', nightly_rate: -1 })).toEqual({
      nightly_rate: 'Nightly rate must be at least 0',
    });
    expect(errorsOf(everyType, { full_name: 'A', nightly_rate: 10.005 })).toEqual({
      nightly_rate: 'Nightly rate must have at most 2 decimal places',
    });
  });

  it('stores amounts without floating-point noise', () => {
    expect(validValues(everyType, { full_name: 'A', nightly_rate: 0.1 + 0.2 }).nightly_rate).toBe(0.3);
  });
});

describe('validateRecord: dates and date-times', () => {
  it('accepts YYYY-MM-DD and Date instances for dates', () => {
    expect(validValues(everyType, { full_name: 'A', check_in: '2024-02-29' }).check_in).toBe('2024-02-29');
    expect(
      validValues(everyType, { full_name: 'A', check_in: new Date('2026-03-01T10:00:00Z') }).check_in,
    ).toBe('2026-03-01');
  });

  it.each(['2023-02-29', '2026-13-01', '01/03/2026', '2026-3-1', 'tomorrow', '2026-03-01T10:00:00Z'])(
    'refuses date %s',
    (checkIn) => {
      expect(errorsOf(everyType, { full_name: 'A', check_in: checkIn })).toEqual({
        check_in: 'Check-in must be a valid date (YYYY-MM-DD)',
      });
    },
  );

  it('normalises date-times to UTC ISO 8601, reading a missing offset as UTC', () => {
    const cases: [string, string][] = [
      ['2026-03-01T09:30:00Z', '2026-03-01T09:30:00.000Z'],
      ['2026-03-01T09:30', '2026-03-01T09:30:00.000Z'],
      ['2026-03-01 09:30:15', '2026-03-01T09:30:15.000Z'],
      ['2026-03-01T09:30:00+02:00', '2026-03-01T07:30:00.000Z'],
      ['2026-03-01T23:30:00-0130', '2026-03-02T01:00:00.000Z'],
      ['2026-03-01T09:30:00.5Z', '2026-03-01T09:30:00.500Z'],
    ];
    for (const [input, expected] of cases) {
      expect(validValues(everyType, { full_name: 'A', start: input }).start).toBe(expected);
    }
  });

  it.each(['2026-03-01', '2026-03-01T24:00', '2026-02-30T10:00', '2026-03-01T10:00+15:00', 'noon'])(
    'refuses date-time %s',
    (start) => {
      expect(errorsOf(everyType, { full_name: 'A', start })).toEqual({
        start: 'Start must be a valid date and time (ISO 8601)',
      });
    },
  );

  it('exposes the date parsers for forms', () => {
    expect(parseIsoDate('2026-11-22')).toBe('2026-11-22');
    expect(parseIsoDate(20261122)).toBeNull();
    expect(parseIsoDateTime(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02T03:04:05.000Z');
    expect(parseIsoDateTime(new Date(Number.NaN))).toBeNull();
  });
});

describe('validateRecord: enum, boolean, reference', () => {
  it('accepts enum values and labels case-insensitively, storing the value', () => {
    expect(validValues(everyType, { full_name: 'A', status: 'inactive' }).status).toBe('inactive');
    expect(validValues(everyType, { full_name: 'A', status: 'In progress' }).status).toBe('in_progress');
    expect(validValues(everyType, { full_name: 'A', status: ' ACTIVE ' }).status).toBe('active');
  });

  it('lists the allowed values when an enum value is wrong', () => {
    expect(errorsOf(everyType, { full_name: 'A', status: 'archived' })).toEqual({
      status: 'Status must be one of: active, inactive, in_progress',
    });
  });

  it.each([
    [true, true],
    ['yes', true],
    ['TRUE', true],
    [1, true],
    ['1', true],
    [false, false],
    ['no', false],
    [0, false],
    ['off', false],
  ])('reads boolean %p as %p', (input, expected) => {
    expect(validValues(everyType, { full_name: 'A', vip: input }).vip).toBe(expected);
  });

  it('refuses other boolean values', () => {
    expect(errorsOf(everyType, { full_name: 'A', vip: 'maybe' })).toEqual({
      vip: 'VIP must be true or false',
    });
    expect(errorsOf(everyType, { full_name: 'A', vip: 2 })).toEqual({ vip: 'VIP must be true or false' });
  });

  it('accepts record ids for references and refuses anything else', () => {
    expect(validValues(everyType, { full_name: 'A', patient: ' 7b0c-11 ' }).patient).toBe('7b0c-11');
    expect(validValues(everyType, { full_name: 'A', patient: 42 }).patient).toBe('42');
    expect(errorsOf(everyType, { full_name: 'A', patient: { id: 1 } })).toEqual({
      patient: 'Patient must be a record id',
    });
    expect(errorsOf(everyType, { full_name: 'A', patient: 'x'.repeat(101) })).toEqual({
      patient: 'Patient must be a record id',
    });
  });

  it('validates a single value for inline form feedback', () => {
    const email = everyType.fields.find((field) => field.key === 'email');
    if (!email) throw new Error('fixture');
    expect(validateFieldValue(email, 'a@example.com')).toEqual({ ok: true, value: 'a@example.com' });
    expect(validateFieldValue(email, 'a')).toEqual({
      ok: false,
      message: 'Email must be a valid email address',
    });
  });
});

describe('validateRecord: end not before start', () => {
  it('allows a same-day check-out and refuses one before check-in', () => {
    expect(
      validateRecord(everyType, { full_name: 'A', check_in: '2026-05-02', check_out: '2026-05-02' }).ok,
    ).toBe(true);
    expect(errorsOf(everyType, { full_name: 'A', check_in: '2026-05-02', check_out: '2026-05-01' })).toEqual({
      check_out: 'Check-out must be on or after Check-in',
    });
  });

  it('does not add an order error on top of a broken date', () => {
    expect(errorsOf(everyType, { full_name: 'A', check_in: 'soon', check_out: '2026-05-01' })).toEqual({
      check_in: 'Check-in must be a valid date (YYYY-MM-DD)',
    });
  });

  it('applies to the real hotel reservations schema', () => {
    const reservations = findRecordSchema('hotel', 'reservations');
    if (!reservations) throw new Error('hotel/reservations schema missing');
    const result = validateRecord(reservations, {
      guest_name: 'Mei Chen',
      room: '304',
      check_in: '2026-12-10',
      check_out: '2026-12-08',
      nightly_rate: '189',
      status: 'booked',
    });
    expect(result).toEqual({ ok: false, errors: { check_out: 'Check-out must be on or after Check-in' } });
  });

  it('compares date-times to the minute on calendars with times', () => {
    const appointments = findRecordSchema('healthcare', 'appointments');
    if (!appointments) throw new Error('healthcare/appointments schema missing');
    const base = {
      reason: 'Check-up',
      patient: 'p1',
      physician: 'Dr. Park',
      type: 'check_up',
      status: 'scheduled',
    };
    expect(
      validateRecord(appointments, {
        ...base,
        start_time: '2026-12-10T09:00Z',
        end_time: '2026-12-10T08:45Z',
      }),
    ).toEqual({ ok: false, errors: { end_time: 'End must be on or after Start' } });
    expect(
      validateRecord(appointments, {
        ...base,
        start_time: '2026-12-10T09:00Z',
        end_time: '2026-12-10T09:30Z',
      }).ok,
    ).toBe(true);
  });

  it('checks timeline pairs too', () => {
    const tasks = findRecordSchema('project', 'tasks');
    if (!tasks) throw new Error('project/tasks schema missing');
    expect(
      errorsOf(tasks, { title: 'Plan', status: 'todo', start_date: '2026-02-10', due_date: '2026-02-01' }),
    ).toEqual({ due_date: 'Due date must be on or after Start date' });
  });
});
