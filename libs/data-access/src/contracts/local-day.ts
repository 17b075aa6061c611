/**
 * "Today" as the person asking lives it (docs/product/home.md#today): the calendar day in their
 * time zone, and the instants it starts and ends at. Records keep dates as `YYYY-MM-DD` and
 * date-times as UTC instants, so a day is compared as text with the one and the other.
 */
export interface LocalDay {
  /** `2026-11-23` */
  day: string;
  /** The calendar day after it. */
  nextDay: string;
  /** The instant the day starts at, as stored (`2026-11-22T23:00:00.000Z` in Europe/Oslo). */
  start: string;
  /** The instant the next day starts at. */
  end: string;
}

/** True for a time zone this runtime knows (IANA names such as `Europe/Oslo`, and `UTC`). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock reading of `instant` in `timeZone`, as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** The instant at which the wall clock of `timeZone` shows midnight starting `day`. */
function midnight(day: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(year, month - 1, date);
  // Two rounds settle a day whose offset differs from the previous evening's (a DST change).
  let instant = wanted - (wallClock(wanted, timeZone) - wanted);
  instant -= wallClock(instant, timeZone) - wanted;
  return instant;
}

function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Today in `timeZone` (UTC when none is given). */
export function localDay(now: Date, timeZone = 'UTC'): LocalDay {
  const day = new Date(wallClock(now.getTime(), timeZone)).toISOString().slice(0, 10);
  const nextDay = addDays(day, 1);
  return {
    day,
    nextDay,
    start: new Date(midnight(day, timeZone)).toISOString(),
    end: new Date(midnight(nextDay, timeZone)).toISOString(),
  };
}
