import { timeAgo } from './relative-time';

describe('timeAgo', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('says just now, minutes, hours, days, weeks and years', () => {
    expect(timeAgo('2026-11-22T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-22T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-11-22T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-21T12:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2026-11-19T12:00:00Z', now)).toBe('3 days ago');
    expect(timeAgo('2026-11-12T12:00:00Z', now)).toBe('last week');
    expect(timeAgo('2026-11-01T12:00:00Z', now)).toBe('3 weeks ago');
    expect(timeAgo('2025-11-01T12:00:00Z', now)).toBe('last year');
  });

  it('counts whole units: 36 hours is yesterday', () => {
    expect(timeAgo(new Date(now.getTime() - 36 * 3_600_000), now)).toBe('yesterday');
  });

  it('reads the future as now, nothing as never and nonsense as nothing', () => {
    expect(timeAgo('2026-11-23T12:00:00Z', now)).toBe('just now');
    expect(timeAgo(null, now)).toBe('never');
    expect(timeAgo(undefined, now)).toBe('never');
    expect(timeAgo('nonsense', now)).toBe('');
  });
});
