import { accessExpiryFromCookies, MIN_REFRESH_DELAY_MS, refreshDelay } from './refresh-schedule';

describe('refreshDelay', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('refreshes a minute before a 15-minute token expires', () => {
    expect(refreshDelay('2026-01-01T00:15:00Z', now)).toBe(14 * 60_000);
  });
  it('refreshes short tokens at 80% of their life', () => {
    expect(refreshDelay('2026-01-01T00:01:00Z', now)).toBe(48_000);
  });
  it('waits at least the minimum for expired tokens', () => {
    expect(refreshDelay('2025-12-31T23:00:00Z', now)).toBe(MIN_REFRESH_DELAY_MS);
  });
  it('ignores an unreadable expiry', () => {
    expect(refreshDelay('soon', now)).toBeNull();
  });
});

describe('accessExpiryFromCookies', () => {
  it('reads the expiry the API leaves readable beside the session cookies', () => {
    expect(accessExpiryFromCookies('theme=dark; tessera_at_expires=2026-11-22T04%3A30%3A00.000Z; x=1')).toBe(
      '2026-11-22T04:30:00.000Z',
    );
  });
  it('answers null when there is no session', () => {
    expect(accessExpiryFromCookies('theme=dark')).toBeNull();
    expect(accessExpiryFromCookies('')).toBeNull();
  });
});
