import { useMemo } from 'react';
import {
  applyOverrideParameters,
  overridesAllowed,
  type RemoteOverrides,
  saveOverrides,
  storedOverrides,
} from './dev-override';

const NONE: RemoteOverrides = {};

/** This browser's remote overrides (dev-override.ts), after the page URL's parameters; none where not allowed. */
export function useRemoteOverrides(isSuperAdmin: boolean): RemoteOverrides {
  const search = typeof window === 'undefined' ? '' : window.location.search;
  return useMemo(() => {
    if (!overridesAllowed(isSuperAdmin)) return NONE;
    const overrides = applyOverrideParameters(storedOverrides(), search);
    saveOverrides(overrides);
    return overrides;
  }, [isSuperAdmin, search]);
}
