import { cachedTimeAgo, clearTimestampCache, TIMESTAMP_CACHE_CLEAR_MS } from './time-ago';

describe('the timestamp cache (docs/product/shell.md#timings)', () => {
  afterEach(() => {
    jest.useRealTimers();
    clearTimestampCache();
  });

  it('formats a timestamp once per period, and anew after the cache is cleared', () => {
    jest.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
    const created = '2026-11-23T11:58:00Z';
    expect(cachedTimeAgo(created)).toBe('2 minutes ago');
    jest.setSystemTime(new Date('2026-11-23T12:03:00Z'));
    // Within the period the screen keeps saying the same.
    expect(cachedTimeAgo(created)).toBe('2 minutes ago');
    clearTimestampCache();
    expect(cachedTimeAgo(created)).toBe('5 minutes ago');
    expect(cachedTimeAgo(null)).toBe('never');
    expect(TIMESTAMP_CACHE_CLEAR_MS).toBe(300_000);
  });
});
