import type { RecordItem } from '@tessera/data-access/contracts';
import { dateFromIsoDay } from './format-value';

const DAY_MS = 86_400_000;

export interface TimelineRange {
  /** Inclusive, local midnight. */
  start: Date;
  /** Exclusive, local midnight. */
  end: Date;
}

export interface TimelineBar {
  record: RecordItem;
  start: Date;
  end: Date;
  /** Percentages of the range's width. */
  left: number;
  width: number;
}

/**
 * The instant a timeline value starts or ends at. A date end is inclusive (a task due on the 5th
 * runs through the 5th), so it ends at the next local midnight.
 */
export function timelineInstant(
  value: unknown,
  type: 'date' | 'dateTime',
  edge: 'start' | 'end',
): Date | null {
  if (typeof value !== 'string' || !value) return null;
  if (type === 'date') {
    const day = dateFromIsoDay(value);
    if (!day) return null;
    if (edge === 'end') day.setDate(day.getDate() + 1);
    return day;
  }
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

function startOfMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), 1);
}

/**
 * The span drawn: whole months from the earliest start to the latest end, so month ticks line up
 * with the edges. With no dated record, the current month.
 */
export function timelineRange(
  rows: readonly RecordItem[],
  startField: string,
  endField: string,
  type: 'date' | 'dateTime',
  today: Date = new Date(),
): TimelineRange {
  let min: Date | null = null;
  let max: Date | null = null;
  for (const row of rows) {
    const start = timelineInstant(row.data[startField], type, 'start');
    const end = timelineInstant(row.data[endField], type, 'end') ?? start;
    if (start && (!min || start < min)) min = start;
    if (end && (!max || end > max)) max = end;
  }
  const from = startOfMonth(min ?? today);
  const last = max ?? today;
  const to = new Date(last.getFullYear(), last.getMonth() + 1, 1);
  return { start: from, end: to };
}

/**
 * A record's bar: left edge and width as percentages of the range. A record without an end is a
 * one-day (or, for date-times, a one-hour) bar; bars are clipped to the range and never thinner
 * than `minWidth` percent so a short task stays visible and clickable.
 */
export function timelineBar(
  record: RecordItem,
  startField: string,
  endField: string,
  type: 'date' | 'dateTime',
  range: TimelineRange,
  minWidth = 0.6,
): TimelineBar | null {
  const start = timelineInstant(record.data[startField], type, 'start');
  if (!start) return null;
  const fallbackEnd = new Date(start.getTime() + (type === 'date' ? DAY_MS : DAY_MS / 24));
  const rawEnd = timelineInstant(record.data[endField], type, 'end') ?? fallbackEnd;
  const end = rawEnd < start ? fallbackEnd : rawEnd;
  const total = range.end.getTime() - range.start.getTime();
  if (total <= 0) return null;
  const from = Math.max(start.getTime(), range.start.getTime());
  const to = Math.min(end.getTime(), range.end.getTime());
  if (to < from) return null;
  const left = ((from - range.start.getTime()) / total) * 100;
  const width = Math.max(((to - from) / total) * 100, minWidth);
  return {
    record,
    start,
    end,
    left: Math.min(left, 100 - minWidth),
    width: Math.min(width, 100 - Math.min(left, 100 - minWidth)),
  };
}

export interface TimelineTick {
  date: Date;
  /** Percent from the left. */
  left: number;
}

/** One tick at the first day of each month in the range. */
export function monthTicks(range: TimelineRange): TimelineTick[] {
  const total = range.end.getTime() - range.start.getTime();
  const ticks: TimelineTick[] = [];
  const cursor = startOfMonth(range.start);
  while (cursor < range.end) {
    if (cursor >= range.start) {
      ticks.push({
        date: new Date(cursor),
        left: ((cursor.getTime() - range.start.getTime()) / total) * 100,
      });
    }
    cursor.setMonth(cursor.getMonth() + 1);
  }
  return ticks;
}

/** Where today falls, in percent, or null when outside the range. */
export function todayOffset(range: TimelineRange, now: Date = new Date()): number | null {
  if (now < range.start || now >= range.end) return null;
  return ((now.getTime() - range.start.getTime()) / (range.end.getTime() - range.start.getTime())) * 100;
}
