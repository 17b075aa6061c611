import type { RecordItem } from '@tessera/data-access/contracts';
import { dateFromIsoDay, dayKeyOf, localDayKey } from './format-value';

export interface CalendarDay {
  /** `YYYY-MM-DD` in local time. */
  key: string;
  date: Date;
  /** False for the leading and trailing days of the neighbouring months. */
  inMonth: boolean;
}

export interface CalendarMonth {
  year: number;
  /** 0 = January. */
  month: number;
}

/** A multi-day record is drawn on at most this many days (a stay of two months, not a year). */
export const MAX_SPAN_DAYS = 62;

/** `2026-03` → March 2026; anything else → null. */
export function parseMonthParam(value: string | null | undefined): CalendarMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const month = Number(match[2]) - 1;
  return month >= 0 && month <= 11 ? { year: Number(match[1]), month } : null;
}

export function monthParam({ year, month }: CalendarMonth): string {
  return `${year}-${String(month + 1).padStart(2, '0')}`;
}

export function shiftMonth({ year, month }: CalendarMonth, delta: number): CalendarMonth {
  const date = new Date(year, month + delta, 1);
  return { year: date.getFullYear(), month: date.getMonth() };
}

/** The month a calendar shows: the one in the URL, else the current one. */
export function shownMonth(value: string | null | undefined, today: Date = new Date()): CalendarMonth {
  return parseMonthParam(value) ?? { year: today.getFullYear(), month: today.getMonth() };
}

/**
 * The days whose records a month grid needs: a week either side of the month covers the leading
 * and trailing days of any week start and any time zone.
 */
export function calendarFetchRange({ year, month }: CalendarMonth): { from: string; to: string } {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return {
    from: day(new Date(Date.UTC(year, month, 1 - 7))),
    to: day(new Date(Date.UTC(year, month + 1, 7))),
  };
}

/**
 * The weeks shown for a month: whole weeks from the one holding the 1st to the one holding the
 * last day, each starting on `weekStartsOn` (0 = Sunday, 1 = Monday).
 */
export function calendarWeeks({ year, month }: CalendarMonth, weekStartsOn = 0): CalendarDay[][] {
  const first = new Date(year, month, 1);
  const lead = (first.getDay() - weekStartsOn + 7) % 7;
  const cursor = new Date(year, month, 1 - lead);
  const weeks: CalendarDay[][] = [];
  do {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push({ key: dayKeyOf(cursor), date: new Date(cursor), inMonth: cursor.getMonth() === month });
      cursor.setDate(cursor.getDate() + 1);
    }
    weeks.push(week);
  } while (cursor.getMonth() === month && cursor.getFullYear() === year);
  return weeks;
}

/**
 * Which records fall on which local day: a record sits on its start day, and on every day up to
 * its end day when the schema has an end field (a hotel stay covers its nights). Days keep the
 * records in start order.
 */
export function placeOnCalendar(
  rows: readonly RecordItem[],
  startField: string,
  endField: string | undefined,
  type: 'date' | 'dateTime',
): Map<string, RecordItem[]> {
  const placed = new Map<string, RecordItem[]>();
  const sorted = [...rows].sort((a, b) =>
    String(a.data[startField] ?? '').localeCompare(String(b.data[startField] ?? '')),
  );
  for (const row of sorted) {
    const startKey = localDayKey(row.data[startField], type);
    if (!startKey) continue;
    const endKey = endField ? localDayKey(row.data[endField], type) : null;
    const day = dateFromIsoDay(startKey);
    if (!day) continue;
    for (let span = 0; span < MAX_SPAN_DAYS; span += 1) {
      const key = dayKeyOf(day);
      const list = placed.get(key) ?? [];
      list.push(row);
      placed.set(key, list);
      if (!endKey || key >= endKey) break;
      day.setDate(day.getDate() + 1);
    }
  }
  return placed;
}

/** The names of the weekdays in the user's locale, starting on `weekStartsOn`. */
export function weekdayNames(weekStartsOn = 0, locale?: string, width: 'short' | 'long' = 'short'): string[] {
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) =>
    new Date(2023, 0, 1 + ((i + weekStartsOn) % 7)).toLocaleDateString(locale, { weekday: width }),
  );
}
