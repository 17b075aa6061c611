import { useFeatureFlags } from '@tessera/data-access/hooks';

/**
 * Whether a feature flag is on for the selected institution. Unknown or still-loading flags are
 * off: a feature appears when the server says so, never by default.
 */
export function useFeatureFlag(flag: string): boolean {
  const flags = useFeatureFlags();
  return flags.data?.[flag] === true;
}
