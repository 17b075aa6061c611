import { isTimeZone, localDay } from './local-day';

describe('local day', () => {
  it('is the UTC day without a time zone', () => {
    expect(localDay(new Date('2026-11-23T23:30:00Z'))).toEqual({
      day: '2026-11-23',
      nextDay: '2026-11-24',
      start: '2026-11-23T00:00:00.000Z',
      end: '2026-11-24T00:00:00.000Z',
    });
  });

  it('is the calendar day of the person’s time zone, with the instants it starts and ends at', () => {
    // 23:30 UTC is already tomorrow in Oslo (UTC+1 in November) and still today in Los Angeles.
    expect(localDay(new Date('2026-11-23T23:30:00Z'), 'Europe/Oslo')).toEqual({
      day: '2026-11-24',
      nextDay: '2026-11-25',
      start: '2026-11-23T23:00:00.000Z',
      end: '2026-11-24T23:00:00.000Z',
    });
    expect(localDay(new Date('2026-11-24T05:00:00Z'), 'America/Los_Angeles')).toEqual({
      day: '2026-11-23',
      nextDay: '2026-11-24',
      start: '2026-11-23T08:00:00.000Z',
      end: '2026-11-24T08:00:00.000Z',
    });
  });

  it('has 23 hours on the day clocks go forward', () => {
    // Europe/Oslo: 2026-03-29 02:00 → 03:00.
    const day = localDay(new Date('2026-03-29T12:00:00Z'), 'Europe/Oslo');
    expect(day.start).toBe('2026-03-28T23:00:00.000Z');
    expect(day.end).toBe('2026-03-29T22:00:00.000Z');
  });

  it('knows IANA time zone names and refuses others', () => {
    expect(isTimeZone('Europe/Oslo')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
