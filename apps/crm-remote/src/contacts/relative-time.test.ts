import { relativeTime } from './relative-time';

describe('relative times', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('says just now, minutes, hours, days and more', () => {
    expect(relativeTime('2026-11-22T11:59:40Z', now)).toBe('just now');
    expect(relativeTime('2026-11-22T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-22T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-21T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-19T12:00:00Z', now)).toBe('3 days ago');
    expect(relativeTime('2026-11-01T12:00:00Z', now)).toBe('3 weeks ago');
    expect(relativeTime('2025-11-01T12:00:00Z', now)).toBe('last year');
    expect(relativeTime('nonsense', now)).toBe('');
  });
});
