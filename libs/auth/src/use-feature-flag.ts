import { useFeatureFlags } from '@tessera/data-access/hooks';
import { useInstitution } from './institution-provider';

/**
 * Whether a feature flag is on for the selected institution. Unknown or still-loading flags are
 * off: a feature appears when the server says so, never by default.
 */
export function useFeatureFlag(flag: string): boolean {
  const { currentInstitution } = useInstitution();
  const flags = useFeatureFlags(currentInstitution?.id ?? null);
  return flags.data?.[flag] === true;
}
