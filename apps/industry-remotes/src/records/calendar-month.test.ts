import type { RecordItem } from '@tessera/data-access/contracts';
import {
  calendarFetchRange,
  calendarWeeks,
  monthParam,
  parseMonthParam,
  shownMonth,
  placeOnCalendar,
  shiftMonth,
  weekdayNames,
} from './calendar-month';
import { recordWith } from './test-records';

function stay(id: string, checkIn: string, checkOut: string | null): RecordItem {
  return recordWith(id, { check_in: checkIn, check_out: checkOut });
}

describe('calendar month', () => {
  it('parses and writes the month parameter', () => {
    expect(parseMonthParam('2026-03')).toEqual({ year: 2026, month: 2 });
    expect(parseMonthParam('2026-13')).toBeNull();
    expect(parseMonthParam(undefined)).toBeNull();
    expect(monthParam({ year: 2026, month: 0 })).toBe('2026-01');
    expect(shiftMonth({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
  });

  it('lays out whole weeks starting on Sunday or Monday', () => {
    // March 2026 starts on a Sunday and has 31 days.
    const sunday = calendarWeeks({ year: 2026, month: 2 }, 0);
    expect(sunday[0][0].key).toBe('2026-03-01');
    expect(sunday).toHaveLength(5);
    expect(sunday.at(-1)?.at(-1)?.key).toBe('2026-04-04');
    const monday = calendarWeeks({ year: 2026, month: 2 }, 1);
    expect(monday[0][0]).toMatchObject({ key: '2026-02-23', inMonth: false });
    expect(monday[0][6]).toMatchObject({ key: '2026-03-01', inMonth: true });
    expect(monday.every((week) => week.length === 7)).toBe(true);
  });

  it('puts a stay on each day from check-in to check-out', () => {
    const placed = placeOnCalendar(
      [stay('b', '2026-03-10', '2026-03-12'), stay('a', '2026-03-09', null)],
      'check_in',
      'check_out',
      'date',
    );
    expect(placed.get('2026-03-09')?.map((r) => r.id)).toEqual(['a']);
    expect(placed.get('2026-03-10')?.map((r) => r.id)).toEqual(['b']);
    expect(placed.get('2026-03-12')?.map((r) => r.id)).toEqual(['b']);
    expect(placed.has('2026-03-13')).toBe(false);
  });

  it('places date-times on their local day and skips undated records', () => {
    const late = new Date(2026, 2, 4, 23, 45).toISOString();
    const placed = placeOnCalendar(
      [stay('x', late, null), stay('y', '', null)],
      'check_in',
      undefined,
      'dateTime',
    );
    expect([...placed.keys()]).toEqual(['2026-03-04']);
  });

  it('names weekdays from the chosen first day', () => {
    expect(weekdayNames(1, 'en-US')[0]).toBe('Mon');
    expect(weekdayNames(0, 'en-US')[0]).toBe('Sun');
  });
});

describe('calendarFetchRange', () => {
  it('covers the month and a week either side', () => {
    expect(calendarFetchRange({ year: 2026, month: 1 })).toEqual({ from: '2026-01-25', to: '2026-03-07' });
    expect(calendarFetchRange({ year: 2026, month: 11 })).toEqual({ from: '2026-11-24', to: '2027-01-07' });
  });
});

describe('shownMonth', () => {
  it('is the URL month, else the current one', () => {
    expect(shownMonth('2026-03')).toEqual({ year: 2026, month: 2 });
    expect(shownMonth('', new Date(2026, 10, 22))).toEqual({ year: 2026, month: 10 });
  });
});
