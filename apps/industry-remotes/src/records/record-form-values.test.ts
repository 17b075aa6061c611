import { findRecordSchema, validateRecord } from '@tessera/data-access/contracts';
import {
  changedValues,
  derivedPreview,
  fieldErrorsFrom,
  formInput,
  initialFormValues,
  typedValues,
} from './record-form-values';

const schema = findRecordSchema('healthcare', 'appointments');
if (!schema) throw new Error('healthcare/appointments schema missing');

describe('record form values', () => {
  it('starts empty for a new record', () => {
    const values = initialFormValues(schema);
    expect(Object.keys(values)).toEqual(schema.fields.map((field) => field.key));
    expect(values.reason).toBe('');
  });

  it('gives validation the same messages the API gives, with local date-times converted to UTC', () => {
    const values = { ...initialFormValues(schema), reason: 'Check-up', start_time: '2026-03-04T09:30' };
    const input = formInput(schema, values);
    expect(input.start_time).toBe(new Date(2026, 2, 4, 9, 30).toISOString());
    expect(input.end_time).toBeNull();
    const result = validateRecord(schema, input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.patient).toBe('Patient is required');
      expect(result.errors.start_time).toBeUndefined();
    }
  });

  it('sends only what changed in an edit', () => {
    const record = {
      id: 'r',
      data: { reason: 'A', status: 'scheduled', end_time: null },
      title: 'A',
      version: 2,
      created_at: '',
      updated_at: '',
    };
    expect(changedValues(record, { reason: 'A', status: 'confirmed', end_time: null })).toEqual({
      status: 'confirmed',
    });
  });

  it('reads the API error body', () => {
    expect(fieldErrorsFrom({ reason: ['Reason for visit is required'], x: 'Unknown field: x' })).toEqual({
      reason: 'Reason for visit is required',
      x: 'Unknown field: x',
    });
    expect(fieldErrorsFrom(undefined)).toEqual({});
  });

  it('previews derived values from what is typed so far, and never sends them', () => {
    const reservations = findRecordSchema('hotel', 'reservations');
    if (!reservations) throw new Error('hotel/reservations schema missing');
    const values = {
      ...initialFormValues(reservations),
      room: 'room-101',
      check_in: '2026-12-01',
      check_out: '2026-12-04',
    };
    // The rate is the picked room's, once the form knows that room's record.
    expect(
      derivedPreview(reservations, values, { room: { room_number: '101', nightly_rate: 120.5 } }),
    ).toEqual({
      nightly_rate: 120.5,
      nights: 3,
      total: 361.5,
    });
    // Before then it waits for the server, and so does the total.
    expect(derivedPreview(reservations, values)).toEqual({ nightly_rate: null, nights: 3, total: null });
    expect(derivedPreview(reservations, { ...values, room: '' }, {})).toEqual({
      nightly_rate: null,
      nights: 3,
      total: null,
    });
    // Editing a booking: its rate stays the one it was booked at while the room is the same.
    const booked = { room: 'room-101', check_in: '2026-12-01', check_out: '2026-12-04', nightly_rate: 99 };
    const room = { room: { room_number: '101', nightly_rate: 120.5 } };
    expect(derivedPreview(reservations, values, room, booked)).toEqual({
      nightly_rate: 99,
      nights: 3,
      total: 297,
    });
    expect(
      derivedPreview(reservations, { ...values, room: 'room-102' }, { room: room.room }, booked),
    ).toEqual({
      nightly_rate: 120.5,
      nights: 3,
      total: 361.5,
    });
    expect(
      typedValues(reservations, { room: 'room-101', nightly_rate: 120.5, nights: 3, total: 361.5 }),
    ).toEqual({
      room: 'room-101',
    });
  });
});
