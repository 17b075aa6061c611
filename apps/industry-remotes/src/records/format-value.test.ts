import { defineRecordSchema, recordField as f } from '@tessera/data-access/contracts';
import {
  dateFromIsoDay,
  formatFieldValue,
  fromLocalDateTimeInput,
  localDayKey,
  toLocalDateTimeInput,
} from './format-value';

const schema = defineRecordSchema({
  moduleId: 'hotel',
  submoduleId: 'reservations',
  entityName: 'Reservation',
  fields: [
    f.text('guest', 'Guest', { required: true }),
    f.money('total', 'Total'),
    f.date('check_in', 'Check-in'),
    f.dateTime('arrives_at', 'Arrives at'),
    f.enum('status', 'Status', ['checked_in', 'confirmed']),
    f.boolean('vip', 'VIP'),
    f.reference('room', 'Room', 'hotel/rooms', 'number'),
  ],
  titleField: 'guest',
});
const field = (key: string) => {
  const found = schema.fields.find((candidate) => candidate.key === key);
  if (!found) throw new Error(key);
  return found;
};

describe('format-value', () => {
  it('formats money as USD', () => {
    expect(formatFieldValue(field('total'), 99.5)).toBe('$99.50');
  });

  it('reads a date as a local calendar day, never shifted by the time zone', () => {
    const day = dateFromIsoDay('2026-03-04');
    expect([day?.getFullYear(), day?.getMonth(), day?.getDate()]).toEqual([2026, 2, 4]);
    expect(dateFromIsoDay('2026-02-30')).toBeNull();
    expect(formatFieldValue(field('check_in'), '2026-03-04', {}, 'en-US')).toBe('Mar 4, 2026');
  });

  it('shows enum labels, booleans, references by title and a dash for empty', () => {
    expect(formatFieldValue(field('status'), 'checked_in')).toBe('Checked in');
    expect(formatFieldValue(field('vip'), true)).toBe('Yes');
    expect(formatFieldValue(field('room'), 'r-1', { 'r-1': 'Room 101' })).toBe('Room 101');
    expect(formatFieldValue(field('room'), 'gone', {})).toBe('gone');
    expect(formatFieldValue(field('guest'), null)).toBe('—');
    expect(formatFieldValue(field('guest'), '')).toBe('—');
  });

  it('round-trips a date-time through a datetime-local input in local time', () => {
    const local = new Date(2026, 2, 4, 9, 30);
    expect(toLocalDateTimeInput(local.toISOString())).toBe('2026-03-04T09:30');
    expect(fromLocalDateTimeInput('2026-03-04T09:30')).toBe(local.toISOString());
    expect(fromLocalDateTimeInput('not a date')).toBe('not a date');
    expect(toLocalDateTimeInput('nonsense')).toBe('');
  });

  it('finds the local day of dates and date-times', () => {
    expect(localDayKey('2026-03-04', 'date')).toBe('2026-03-04');
    expect(localDayKey(new Date(2026, 2, 4, 23, 30).toISOString(), 'dateTime')).toBe('2026-03-04');
    expect(localDayKey(null, 'date')).toBeNull();
  });
});
