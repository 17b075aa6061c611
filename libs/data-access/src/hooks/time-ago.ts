import { timeAgo } from '@tessera/data-access/contracts';
import { useCallback, useSyncExternalStore } from 'react';

/** docs/product/shell.md#timings: the formatted timestamps are forgotten every 5 minutes, so "2 minutes ago" ages. */
export const TIMESTAMP_CACHE_CLEAR_MS = 5 * 60_000;

type When = string | Date | null | undefined;

const formatted = new Map<string, string>();
const listeners = new Set<() => void>();
let generation = 0;
let clearTimer: ReturnType<typeof setInterval> | null = null;

/** Forgets every formatted timestamp and re-renders the screens showing one. */
export function clearTimestampCache(): void {
  formatted.clear();
  generation += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!clearTimer) clearTimer = setInterval(clearTimestampCache, TIMESTAMP_CACHE_CLEAR_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && clearTimer) {
      clearInterval(clearTimer);
      clearTimer = null;
    }
  };
}

/** A timestamp as "3 days ago", computed once per cache period (a list of a thousand rows formats each once). */
export function cachedTimeAgo(when: When): string {
  if (!when) return timeAgo(when);
  const key = when instanceof Date ? when.toISOString() : when;
  const known = formatted.get(key);
  if (known !== undefined) return known;
  const text = timeAgo(when);
  formatted.set(key, text);
  return text;
}

/**
 * `timeAgo` for screens: the same text for a timestamp across the screen, refreshed when the cache clears every
 * 5 minutes (the component re-renders then).
 */
export function useTimeAgo(): (when: When) => string {
  const current = useSyncExternalStore(
    subscribe,
    () => generation,
    () => generation,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per cache period re-renders memoised rows.
  return useCallback((when: When) => cachedTimeAgo(when), [current]);
}
